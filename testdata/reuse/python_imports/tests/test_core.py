from pkg.sub.deep import surface


def test_surface():
    assert surface() == 0
