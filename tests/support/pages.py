"""Reading a server-rendered page in tests by its data-testid hooks (docs/PAGES.md)."""
import re


def page(client, token):
    """The table page of a session, as HTML (asserting it opens)."""
    response = client.get(f"/t/{token}/")
    assert response.status_code == 200
    return response.content.decode()


def tag(html, name):
    """The opening tag carrying data-testid=name (asserting there is one)."""
    found = re.search(rf'<[^>]*data-testid="{re.escape(name)}"[^>]*>', html)
    assert found, name
    return found.group(0)


def text_of(html, name):
    """The text right inside the element carrying data-testid=name."""
    found = re.search(rf'data-testid="{re.escape(name)}"[^>]*>([^<]*)<', html)
    assert found, name
    return found.group(1).strip()
