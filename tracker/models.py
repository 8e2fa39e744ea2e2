import secrets

from django.db import models


def new_token() -> str:
    # 24 random bytes = 192 bits, URL-safe: the token itself is the capability.
    return secrets.token_urlsafe(24)


class Session(models.Model):
    """One played game at one table. `state` is derived from `initial_state` + live events."""

    id = models.CharField(primary_key=True, max_length=64, default=new_token, editable=False)
    view_id = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=40)
    players = models.JSONField(help_text="players as given at creation")
    options = models.JSONField(default=dict, help_text="setup options as given at creation")
    initial_state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    outcome = models.JSONField(null=True, blank=True)
    last_seq = models.PositiveIntegerField(default=0, help_text="seq of the newest event, undone or not")
    redo_seqs = models.JSONField(default=list, help_text="undone events that redo may bring back, newest last")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.game}/{self.mode} v{self.version}"


class Event(models.Model):
    """An applied action. Append-only: undo marks `undone`, nothing is ever deleted."""

    # no index of its own: the unique (session, seq) index serves every look-up by session, and one
    # index fewer is one page fewer written on every tap
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=60)
    params = models.JSONField(default=dict)
    player = models.IntegerField(null=True, blank=True)
    log = models.CharField(max_length=300, blank=True)
    overridden = models.JSONField(default=list, help_text="violations accepted anyway")
    override_reason = models.TextField(blank=True)
    undone = models.BooleanField(default=False)
    # One thing the player did that took several events (a whole attack through the helper): undo
    # takes the group back at once and the log shows it as one line.
    group = models.CharField(max_length=60, blank=True, default="")
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)
    # What the request with that key asked (services/sessions._fingerprint): a retry must ask the
    # same. An action's key lives here and nowhere else; empty on rows from before.
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    engine_version = models.PositiveIntegerField(default=1)
    # The session version this event made: with the undo marks' versions, it gives the state at any
    # version again, which is what a retried key's answer is rebuilt from. Older rows have none.
    version = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seq"], name="event_unique_seq"),
            models.UniqueConstraint(
                fields=["session", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="event_unique_idempotency_key",
            ),
        ]

    def __str__(self):
        return f"#{self.seq} {self.type}"


class UndoMark(models.Model):
    """An undo or redo as the log shows it: which events it took back or brought back, and when."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="undo_marks")
    kind = models.CharField(max_length=4, choices=[("undo", "undo"), ("redo", "redo")])
    seqs = models.JSONField(help_text="the events it changed, oldest first")
    label = models.CharField(max_length=300, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True, help_text="the session version it made")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created", "pk"]


class IdempotentResponse(models.Model):
    """A write that carried an Idempotency-Key: enough to give its first answer again on retries.

    Only the version the write made (and the event's seq for an action) is kept, and the answer
    is rebuilt from the log (services/sessions.py, answer_again): the whole answer, state and all,
    took ten times the room of the events themselves. `body` is still read on rows written
    before, and kept for an answer the log cannot rebuild. A plain action keeps its key on its
    event (Event.idempotency_key, .fingerprint): rows here are undo, redo, records, and actions
    recorded before.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="idempotent_responses")
    key = models.CharField(max_length=200)
    endpoint = models.CharField(max_length=20)
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(null=True, blank=True)
    seq = models.PositiveIntegerField(null=True, blank=True)
    body = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "key"], name="idempotency_unique_key")]


class CardFact(models.Model):
    """What a table typed about one card (a monster's difficulty, a terrain's capacity), offered again by
    name. Kept per scope: the campaign or tournament a session counts for, else the session itself, so
    one table's cards are never shown at a stranger's."""

    scope = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="card_facts")
    game = models.CharField(max_length=40)
    kind = models.CharField(max_length=40, help_text="which sort of card, as the game declares it")
    key = models.CharField(max_length=100, help_text="the name as names are matched: case and spacing folded")
    name = models.CharField(max_length=100, help_text="the name as last typed")
    facts = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "kind", "key"], name="cardfact_unique_name")]

    def __str__(self):
        return f"{self.game}/{self.kind}: {self.name}"
