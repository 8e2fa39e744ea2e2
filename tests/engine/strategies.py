"""Hypothesis strategies built from the actions' own JSON schemas (the subset the engine uses)."""
from hypothesis import strategies as st


def from_schema(schema: dict, seats: int) -> st.SearchStrategy:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        lo, hi = schema.get("minimum", -5), schema.get("maximum", 50)
        if hi == 99 and lo == 0:  # seat fields: mostly real seats, sometimes not
            return st.one_of(st.integers(0, max(seats - 1, 0)), st.integers(lo, hi))
        return st.integers(lo, min(hi, lo + 60))
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 20), 20))
    if kind == "array":
        return st.lists(from_schema(schema.get("items", {}), seats), max_size=min(schema.get("maxItems", 4), 4))
    if kind == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {k: from_schema(v, seats) for k, v in props.items() if k in required},
            optional={k: from_schema(v, seats) for k, v in props.items() if k not in required},
        )
    return st.none()
