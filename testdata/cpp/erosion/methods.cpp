// Callables in C++: functions and methods, in or out of their class, with
// qualified names; lambdas count in their enclosing callable.
#include <string>
#include <vector>

namespace geo {

class Shape {
public:
    // An in-class method is named Class::method: cc 1, cog 0
    virtual double area() const { return 0; } // want name:"geo::Shape::area" cc:"1" cog:"0" sloc:"1" nesting:"0"

    // A default argument makes the parameters non-trivial; the ternary
    // is +1 cc and +1 cog, its operands one flow break deep.
    static int clamp(int a = 1) { // want name:"geo::Shape::clamp" cc:"2" cog:"1" sloc:"2" nesting:"1"
        return a < 0 ? 0 : a;
    }

    // A destructor and an operator are callables: cc 1, cog 0
    ~Shape() {} // want name:"geo::Shape::~Shape" cc:"1" cog:"0" sloc:"1" nesting:"0"
    bool operator==(const Shape &o) const { return this == &o; } // want name:"geo::Shape::operator==" cc:"1" cog:"0" sloc:"1" nesting:"0"

    double scaled(double k) const;
};

// Out of its class, a method is named by its qualified declarator. The
// lambda's && is the method's: cc 1 + && + ?: = 3, cog && 1 + ?: 1 = 2;
// sloc: signature, the lambda line, the return.
double Shape::scaled(double k) const { // want name:"geo::Shape::scaled" cc:"3" cog:"2" sloc:"3" nesting:"1"
    auto positive = [](double v) { return v > 0 && v < 1e9; };
    return positive(k) ? area() * k : 0;
}

namespace {
// An anonymous namespace adds no segment.
int hidden() { return 1; } // want name:"geo::hidden" cc:"1" cog:"0" sloc:"1" nesting:"0"
}

} // namespace geo

template <typename T>
struct Box {
    T value;
    T get() const;
};

// A template class's method: the scope keeps its arguments; the span
// starts at the definition, after the template line.
template <typename T>
T Box<T>::get() const { // want name:"Box<T>::get" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return value;
}

class Name {
    std::string n_;
public:
    Name(const std::string &n);
    std::string &text();
};

// A constructor with its initializer list, and a method returning a
// reference (the reference declarator hides the name).
Name::Name(const std::string &n) : n_(n) {} // want name:"Name::Name" cc:"1" cog:"0" sloc:"1" nesting:"0"

std::string &Name::text() { // want name:"Name::text" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return n_;
}
