#pragma once
#include <cmath>

namespace geo {

class Shape { // want status:"used"
 public:
  virtual double area() const = 0;
};

double scale(double x); // want status:"used"
double unused_fn(); // want status:"unused"

template <typename T>
T twice(T v) { return v * 2; } // want status:"used"

using Real = double; // want status:"test_only"

}  // namespace geo
