// Callables in Java: methods and constructors with a body and the compact
// constructors of records, named Class.method under every enclosing type.
// Abstract and interface methods without a body are not callables; the
// methods of an anonymous class are, named under their enclosing callable.
package demo;

import java.util.Comparator;

public class Outer {
    private int n;

    // A constructor is named after its class: cc 1, cog 0
    public Outer(int n) { // want name:"Outer.Outer" cc:"1" cog:"0" sloc:"2" nesting:"0"
        this.n = n;
    }

    // The span starts at the annotation, part of the modifiers: sloc 3
    @Override // want name:"Outer.toString" cc:"1" cog:"0" sloc:"3" nesting:"0"
    public String toString() {
        return "Outer(" + n + ")";
    }

    // A generic method: cc 1 + ?: = 2, cog 1, the operands one deep
    static <T> T first(java.util.List<T> xs) { // want name:"Outer.first" cc:"2" cog:"1" sloc:"2" nesting:"1"
        return xs.isEmpty() ? null : xs.get(0);
    }

    abstract static class Base {
        // No body: not a callable.
        abstract int size();

        // A method of a nested class: Outer.Base.empty
        boolean empty() { // want name:"Outer.Base.empty" cc:"1" cog:"0" sloc:"2" nesting:"0"
            return size() == 0;
        }
    }

    interface Shape {
        double area();

        // A default method has a body: cc 1 + ?: = 2, cog 1
        default double scaled(double k) { // want name:"Outer.Shape.scaled" cc:"2" cog:"1" sloc:"2" nesting:"1"
            return k > 0 ? area() * k : 0;
        }
    }

    // A record's compact constructor: cc 1 + if + || = 3; cog 1 + 1 = 2
    record Range(int lo, int hi) {
        Range { // want name:"Outer.Range.Range" cc:"3" cog:"2" sloc:"3" nesting:"1"
            if (lo > hi || lo < 0) {
                throw new IllegalArgumentException("range");
            }
        }
    }

    enum Color {
        RED, GREEN;

        Color next() { // want name:"Outer.Color.next" cc:"2" cog:"1" sloc:"2" nesting:"1"
            return this == RED ? GREEN : RED;
        }
    }

    // The anonymous class's compare is a callable of its own, named under
    // sorter; as with any nested callable its ternary also counts in
    // sorter: cc 1 + ?: = 2, cog 1. sloc 5: the `};` and `}` lines are not
    Comparator<String> sorter() { // want name:"Outer.sorter" cc:"2" cog:"1" sloc:"5" nesting:"1"
        return new Comparator<String>() {
            @Override // want name:"Outer.sorter.compare" cc:"2" cog:"1" sloc:"3" nesting:"1"
            public int compare(String a, String b) {
                return a.length() > b.length() ? 1 : -1;
            }
        };
    }

    // A lambda in a field initializer lies in no callable.
    static final Comparator<String> BY_LENGTH = (a, b) -> a.length() > b.length() ? 1 : -1;
}
