// Strings become $STR and other literals $LIT; `self`, type names and
// primitive types stay as written.

struct Greeter;

impl Greeter {
    fn hello(&self, name: &str) -> String { // want clone:"g1"
        let greeting = format!("hello {}", name);
        self.print(greeting, 'x', true, 1.5)
    }

    fn bye(&self, who: &str) -> String { // want clone:"g1"
        let words = format!(r"bye {}", who);
        self.print(words, '\n', false, 10)
    }

    fn count(&self, n: u32) -> String {
        let total: u32 = n + 1;
        total.to_string()
    }

    fn size(&self, n: u32) -> String {
        let total: usize = n + 1;
        total.to_string()
    }

    fn text(&self) -> String {
        let value: String = String::new();
        value.clone()
    }

    fn bytes(&self) -> Vec<u8> {
        let value: Vec<u8> = Vec::new();
        value.clone()
    }
}

fn nested_one(v: i32) -> i32 { // want clone:"g2"
    fn inner(a: i32) -> i32 { // want clone:"g3"
        let b = a * 2;
        b
    }
    inner(v)
}

fn nested_two(w: i32) -> i32 { // want clone:"g2"
    fn inner(a: i32) -> i32 { // want clone:"g3"
        let c = a * 4;
        c
    }
    inner(w)
}
