pub fn load(p: &str) -> Vec<f32> { // want status:"used"
    vec![p.len() as f32]
}

pub fn shuffle(v: &mut Vec<f32>) { // want status:"test_only"
    v.reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles() {
        let mut v = load("ab");
        shuffle(&mut v);
    }
}
