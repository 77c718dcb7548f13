// Clone fingerprints in C++: names, numbers and strings are normalised;
// type names and `::` paths are kept as written.
#include <string>
#include <vector>

int first(int value) { // want clone:"g1"
    int x = value + 1;
    int y = x * 2;
    return y;
}

int second(int item) { // want clone:"g1"
    int total = item + 7;
    int doubled = total * 3;
    return doubled;
}

class Greeter {
public:
    // Methods are candidates too; a raw string is a string.
    std::string hello(const std::string &who) const { // want clone:"g2"
        std::string s = "hello " + who;
        return s + R"(!)";
    }

    std::string bye(const std::string &name) const { // want clone:"g2"
        std::string t = "bye " + name;
        return t + "?";
    }
};

// A lambda is part of its function's fingerprint: these two differ in
// the lambda's operator, so they are not clones.
int count_big(const std::vector<int> &xs) {
    auto big = [](int v) { return v > 10; };
    return static_cast<int>(std::count_if(xs.begin(), xs.end(), big));
}

int count_small(const std::vector<int> &xs) {
    auto small = [](int v) { return v < 10; };
    return static_cast<int>(std::count_if(xs.begin(), xs.end(), small));
}
