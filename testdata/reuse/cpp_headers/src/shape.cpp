#include "geo/shape.hpp"

namespace geo {

class Circle : public Shape {
 public:
  double area() const override { return 3.14; }
};

double scale(double x) { return x * 2; }

}  // namespace geo
