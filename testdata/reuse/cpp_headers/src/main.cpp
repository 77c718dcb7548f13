#include "geo/shape.hpp"
#include "legacy.h"

int main() {
  geo::Shape *s = nullptr;
  return legacy_add(geo::twice(1), (int)geo::scale(2.0)) + (s == nullptr);
}
