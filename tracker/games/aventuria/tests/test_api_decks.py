def _deck(n_distinct=15, copies=2, **extra):
    return {"game": "aventuria", "hero": "DB",
            "cards": [{"name": f"Card {i}", "count": copies} for i in range(n_distinct)], **extra}


def test_valid_deck(api, db):
    response = api.post("/api/decks/validate/", _deck(), format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["violations"] == []
    assert any(r["rule"] == "aventuria.R106" for r in body["reminders"])  # limits live on the Skill Card


def test_invalid_deck_lists_every_violation_with_references(api, db):
    payload = _deck(n_distinct=15, copies=2)
    payload["cards"].append({"name": "Card 0", "count": 1})  # 31 cards, 3 copies of Card 0
    body = api.post("/api/decks/validate/", payload, format="json").json()
    rules = sorted(v["rule"] for v in body["violations"])
    assert body["valid"] is False and rules == ["aventuria.R103", "aventuria.R104"]
    for v in body["violations"]:
        assert v["message"] and v["details"] and api.get(v["reference"], follow=True).status_code == 200


def test_deck_input_errors_are_400(api, db):
    assert api.post("/api/decks/validate/", {"game": "aventuria", "hero": "XX", "cards": []}, format="json").status_code == 400
    response = api.post("/api/decks/validate/", {"game": "aventuria", "hero": "DB", "cards": [{"name": "A", "count": 0}]},
                        format="json")
    assert response.status_code == 400 and "cards.0.count" in response.json()["errors"]
    missing = api.post("/api/decks/validate/", {"cards": []}, format="json")
    assert missing.status_code == 400 and "game" in missing.json()["errors"]
    other = api.post("/api/decks/validate/", {"game": "chess"}, format="json")
    assert other.status_code == 400 and "game" in other.json()["errors"]
