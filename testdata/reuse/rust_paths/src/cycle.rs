pub use self::inner::Loop;

pub mod inner {
    pub use super::Loop;
}
