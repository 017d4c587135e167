"""11.62D: which German formations are exempt from the one-point cut in GT11-12."""
from domain.games.hbtlf.ammunition import exempt


def test_ammunition_exemptions_11_62d():
    assert exempt("XXII Reserve (XXII R) Corps") and exempt("First Army: XXVI Corps") and exempt("43 reserve (43r) infantry division")
    assert not exempt("XXI Corps") and not exempt("42 infantry division") and not exempt("IX Corps")
    assert exempt("Corps Detachment A")
