mod data;
mod model;

fn main() {
    let d = data::load("x");
    let m = model::Mlp::new(4);
    m.forward(&d);
}
