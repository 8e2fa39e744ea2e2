"""What every API view is: DRF's APIView that also refuses query parameters it does not read, as
StrictSerializer refuses unknown body fields (a typo is named, not ignored)."""
import difflib

from rest_framework.exceptions import ValidationError
from rest_framework.views import APIView


class StrictView(APIView):
    query_params: tuple[str, ...] = ()  # the query parameters this view reads

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        unknown = sorted(set(request.query_params) - set(self.query_params))
        if unknown:
            raise ValidationError({name: [_unknown(name, self.query_params)] for name in unknown})


def _unknown(name: str, known: tuple[str, ...]) -> str:
    near = difflib.get_close_matches(name, known, n=1)
    if near:
        return f"unknown query parameter; did you mean {near[0]!r}?"
    return f"unknown query parameter; this endpoint reads {', '.join(known)}" if known else \
        "unknown query parameter; this endpoint reads none"
