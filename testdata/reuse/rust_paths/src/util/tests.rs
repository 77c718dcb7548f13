use crate::geometry::shapes::{area, Circle};

#[test]
fn area_of_unit_circle() {
    assert_eq!(area(&Circle { r: 1.0 }), 1.0);
}
