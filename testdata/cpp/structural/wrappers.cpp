// trivial-wrapper and low-use-short-function in C++: a static function is
// private; methods are never the target of a bare call.
namespace util {

// Reached by two bare calls (forward, padded; qualified calls are not
// bare): also a low-use function.
static int identity(int value) { // want "trivial-wrapper" "low-use-short-function"
    return value;
}

static int forward(int value) { // want "trivial-wrapper"
    return identity(value);
}

// A default argument makes the parameters non-trivial.
static int padded(int value, int pad = 0) {
    return identity(value);
}

// Called twice from short callers in the same namespace: low-use.
static int combine(int left, int right) { // want "low-use-short-function"
    return left * 31 + right;
}

int twice(int a) {
    return combine(a, a) + combine(a, 1);
}

} // namespace util

struct Counter {
    int n = 0;
    // A method: never a bare-call target, so not low-use.
    int bump(int by) {
        n += by;
        return n;
    }
    int step() {
        return bump(1);
    }
};

// Defined out of its class: a method too.
struct Clock {
    int tick(int by);
    int run();
};

int Clock::tick(int by) {
    int t = by * 2;
    return t;
}

int Clock::run() {
    return tick(1);
}

int uses(int v) {
    int s = util::identity(v) + util::identity(v) + util::identity(v);
    s += util::forward(v) + util::forward(v) + util::forward(v);
    return s + util::padded(v) + util::padded(v) + util::padded(v);
}
