// trivial-wrapper and low-use-short-function in Java: a method is public
// only with the `public` modifier. A bare call helper() reaches a method of
// the innermost enclosing type, so methods are bare-call targets in their
// type; a call with a receiver (obj.m(), this.m(), Util.m()) never is.
class Util {
    // Reached by two bare calls (forward, padded): also low-use.
    static int identity(int value) { // want "trivial-wrapper" "low-use-short-function"
        return value;
    }

    static int forward(int value) { // want "trivial-wrapper"
        return identity(value);
    }

    // Varargs make the parameters non-trivial.
    static int padded(int value, int... pad) {
        return identity(value);
    }

    // Called twice from one short caller: low-use.
    private static int combine(int left, int right) { // want "low-use-short-function"
        return left * 31 + right;
    }

    public static int twice(int a) {
        return combine(a, a) + combine(a, 1);
    }

    // Public: never a trivial wrapper.
    public static int exposed(int value) {
        return Math.abs(value);
    }

    // Overloads share a name: their bare calls resolve to neither.
    private static int log(int v) {
        return v + 1;
    }

    private static int log(String s) {
        return s.length();
    }

    static int logs(int v) {
        return log(v) + log("v");
    }
}

class Counter {
    private final java.util.List<Integer> items = new java.util.ArrayList<>();
    private int n;

    // Forwards its parameter to a method call with a receiver.
    void add(int x) { // want "trivial-wrapper"
        items.add(x);
    }

    // Only reached through receivers (this.bump, other.bump): no bare
    // call, not low-use.
    private int bump(int by) {
        n += by;
        return n;
    }

    int step(Counter other) {
        return this.bump(1) + other.bump(2) + Util.forward(3);
    }

    // An instance method reached by one bare call: low-use.
    private boolean empty() { // want "low-use-short-function"
        return n == 0;
    }

    int next() {
        if (empty()) {
            return -1;
        }
        return n--;
    }
}
