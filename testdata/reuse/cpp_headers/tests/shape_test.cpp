#include "geo/shape.hpp"

int check() {
  geo::Real r = 1;
  return r > 0;
}
