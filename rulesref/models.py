from django.db import models


class Entry(models.Model):
    """One rule, FAQ, errata or glossary entry, in our own words, citing a rulebook section.

    `key` is the public id ("<game>.making-an-attack"); the integer primary key is what the
    full-text indexes point at.
    """

    class Kind(models.TextChoices):
        RULE = "rule"
        FAQ = "faq"
        ERRATA = "errata"
        GLOSSARY = "glossary"
        CARD = "card"  # a card, location, villain or scenario the rulebook names: the rules that apply to it
        IMPORTED = "imported"

    key = models.CharField(max_length=160, unique=True)
    game = models.CharField(max_length=40, db_index=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    title = models.CharField(max_length=300)
    section = models.CharField(max_length=300, help_text="the rulebook heading this entry cites")
    body = models.TextField()
    tags = models.TextField(blank=True, help_text="search words, space separated")
    see_also = models.JSONField(default=list, blank=True)
    position = models.PositiveIntegerField(default=0, help_text="order within its file, for listings")

    class Meta:
        ordering = ["game", "position"]
        verbose_name_plural = "entries"

    def __str__(self):
        return self.key


class RuleCitation(models.Model):
    """An engine rule (<game>.R27) explained by an entry: where a refusal sends the player."""

    rule_id = models.CharField(max_length=60, db_index=True)
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="citations")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["rule_id", "entry"], name="citation_unique")]


class Term(models.Model):
    """The words of the corpus, for typo correction ("hourglas" -> "hourglass")."""

    word = models.CharField(max_length=60, unique=True)
    frequency = models.PositiveIntegerField(default=0)


class Synonym(models.Model):
    """A group of equivalent terms (LP = life points = Lebenspunkte); `game` empty means every game."""

    game = models.CharField(max_length=40, blank=True, db_index=True)
    terms = models.JSONField()
