"""Session 14 review: mends to the session's own changes (docs/web.md, "Session 14")."""

from __future__ import annotations

from flask.testing import FlaskClient

#: No legal kingdom: the 9x9 grid (the most the notation reads, 242 characters at most as
#: format_kingdom writes it) twenty times over, 3,220 characters.
TOO_LONG = "/".join(" ".join(["F"] * 9) for _ in range(9)) * 20


def test_a_saved_comparison_s_kingdom_is_bounded_as_a_saved_kingdom_is(
    client: FlaskClient,
) -> None:
    # One kingdom of 3,220 characters was refused (20bc5bd); the same inside a comparison's
    # answer was saved (201), its link then dropped.
    alone = client.post(
        "/api/results",
        json={"game": "kingdomino", "notation": "x", "answer": {"kingdom": TOO_LONG}},
    )
    assert alone.status_code == 400
    compared = {"winner": 1, "kingdoms": [{"kingdom": "C F1"}, {"kingdom": TOO_LONG}]}
    saved = client.post(
        "/api/results", json={"game": "kingdomino", "notation": "x", "answer": compared}
    )
    assert saved.status_code == 400
    assert saved.get_json()["error"] == (
        "field 'answer': kingdom 2 is 3,220 characters long, longer than any legal kingdom "
        "(242 at most)"
    )
    # A comparison of two legal kingdoms is saved as before.
    answer = client.post(
        "/api/kingdomino/compare", json={"kingdom1": "C F1 F", "kingdom2": "C L1"}
    ).get_json()
    ok = client.post("/api/results", json={"game": "kingdomino", "notation": "x", "answer": answer})
    assert ok.status_code == 201


def test_a_compare_address_kingdom_too_long_is_named_in_words(client: FlaskClient) -> None:
    # 300 letters: one row of 300 squares, past the 9 columns the notation reads and the
    # 242 characters of the longest kingdom. The page's words name "kingdom 2" as the page
    # does, not the address field "kingdom2".
    page = client.get("/kingdomino/compare", query_string={"kingdom2": "F" * 300})
    assert page.status_code == 400
    assert (
        "the kingdom 2 in the address is 300 characters long, longer than any legal kingdom "
        "(242 at most): check the link"
    ) in page.get_data(as_text=True)
