"""Every page and GET answer, fuzzed in its path, query and headers: never a 500."""
from hypothesis import HealthCheck, given, settings, strategies as st

PATHS = ["/", "/history", "/setup", "/host", "/lang/de", "/lang/xx", "/api/state", "/api/options",
         "/api/log", "/api/nothing", "/static/app.css", "/static/../app.py", "/matches", "/matches/1",
         "/api/matches", "/api/matches/1", "/api/matches/1/log", "/matches/99999999999999999999999"]
text = st.text(max_size=60)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(PATHS), query=st.dictionaries(st.sampled_from(["token", "next", "lang", "x"]), text,
                                                          max_size=3),
       language=st.sampled_from(["de", "en", "xx", "", "de-DE;q=abc", "*"]),
       cookie=st.sampled_from(["de", "en", "zz", ""]))
def test_gets_never_crash(app, path, query, language, cookie):
    client = app.test_client()
    client.set_cookie("lang", cookie)
    response = client.get(path, query_string=query, headers={"Accept-Language": language})
    assert response.status_code < 500, (path, query, response.get_data(as_text=True)[:300])
