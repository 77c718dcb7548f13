/* trivial-wrapper and low-use-short-function in C: a static function is
   private to its file, any other is public. */
#define DEFAULT_CONTEXT_LINES 3

static int identity(int value) { // want "trivial-wrapper"
    return value;
}

static int forward(int value) { // want "trivial-wrapper"
    return identity(value);
}

/* Public: never a trivial wrapper. */
int exported_forward(int value) {
    return identity(value);
}

/* A pointer declarator hides the name and parameters: still found. */
static char *pass(char *text) { // want "trivial-wrapper"
    return text;
}

/* Called twice with short callers: a low-use function. */
static int combine(int left, int right) { // want "low-use-short-function"
    return left * 31 + right;
}

static int duplicate_forward(int left, int right) {
    return combine(left, left);
}

static int swap(int left, int right) {
    return combine(right, left);
}

static int default_context_lines(void) { // want "trivial-wrapper"
    return DEFAULT_CONTEXT_LINES;
}

/* Variadic parameters are not trivial. */
static int first_of(int n, ...) {
    return n;
}

/* A method call through a pointer is not a bare call. */
struct ops {
    int (*run)(int);
};

static int via(struct ops *o, int v) {
    return o->run(v);
}

/* Three call sites each: more than max-call-sites (2), so none of these
   is a low-use function. */
int uses(int value) {
    int s = identity(value) + identity(value) + identity(value);
    s += forward(value) + forward(value) + forward(value);
    s += exported_forward(value) + exported_forward(value) + exported_forward(value);
    s += *pass("a") + *pass("b") + *pass("c");
    s += default_context_lines() + default_context_lines() + default_context_lines();
    s += first_of(1, 2) + first_of(1, 2) + first_of(1, 2);
    s += duplicate_forward(1, 2) + duplicate_forward(1, 2) + duplicate_forward(1, 2);
    s += swap(1, 2) + swap(1, 2) + swap(1, 2);
    return s + via(0, 1) + via(0, 2) + via(0, 3);
}
