// Strings, comments and doc comments: keywords inside them count nowhere.

/// A doc comment with if, && and || in it.
// cc 1, cog 0
fn words() -> &'static str { // want name:"words" cc:"1" cog:"0" sloc:"2" nesting:"0"
    "if a && b || c { for x in y { while z { loop { break } } } }"
}

// The reference's match vector (spec 17 item 25): three arms whose strings
// hold keywords → cc 2, cog 1.
fn keyword_arms(kind: u8) -> &'static str { // want name:"keyword_arms" cc:"2" cog:"1" sloc:"5" nesting:"1"
    match kind {
        0 => "if and else",
        1 => "for while loop",
        _ => "match && ||",
    }
}

// Inner lines of a multi-line string are plain lines in Rust: they count,
// except one holding only punctuation.
fn poem() -> String { // want name:"poem" cc:"1" cog:"0" sloc:"5" nesting:"0"
    let text = "first line
second line
    }
third";
    text.to_string()
}

// A raw string with keywords and quotes: cc 1.
fn raw_words() -> &'static str { // want name:"raw_words" cc:"1" cog:"0" sloc:"2" nesting:"0"
    r#"if "x" && y { loop {} }"#
}

/* A block comment
   spanning lines: fn fake() { if a && b {} }
*/
fn after_block() -> u8 { /* inline block */ // want name:"after_block" cc:"1" cog:"0" sloc:"3" nesting:"0"
    /* a comment-only line */
    let x = 1; /* trailing */
    x
}

// A `//` inside a string is no comment, and the char '{' is code.
fn slashes() -> (char, &'static str) { // want name:"slashes" cc:"1" cog:"0" sloc:"2" nesting:"0"
    ('{', "// if && ||")
}
