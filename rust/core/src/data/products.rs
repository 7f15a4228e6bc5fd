//! [`Products`]: what the later stages store on the grid, one value per type. The grid holds them
//! without naming their types; each stage defines its product types and the grid accessors that
//! read them (for example `Grid::scatter` in [`crate::stages::scatter`]).

use std::any::{Any, TypeId};
use std::fmt;

/// A value a stage can store in [`Products`]: any cloneable, comparable, debuggable type that
/// may cross threads.
pub trait Product: Any + Send + Sync + fmt::Debug {
    /// A boxed copy.
    fn clone_product(&self) -> Box<dyn Product>;
    /// Whether `other` is a value of the same type equal to this one.
    fn eq_product(&self, other: &dyn Product) -> bool;
    /// The value, for downcasting.
    fn as_any(&self) -> &dyn Any;
    /// The value, for downcasting in place.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + Send + Sync + fmt::Debug + Clone + PartialEq> Product for T {
    fn clone_product(&self) -> Box<dyn Product> {
        Box::new(self.clone())
    }
    fn eq_product(&self, other: &dyn Product) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The products of the stages, keyed by their type: at most one value of each type.
#[derive(Default)]
pub struct Products {
    items: Vec<(TypeId, Box<dyn Product>)>,
}

impl Products {
    /// The stored value of type `T`, if any.
    pub fn get<T: Product>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        let (_, item) = self.items.iter().find(|(k, _)| *k == id)?;
        item.as_any().downcast_ref()
    }

    /// The stored value of type `T`, for changing it, if any.
    pub fn get_mut<T: Product>(&mut self) -> Option<&mut T> {
        let id = TypeId::of::<T>();
        let (_, item) = self.items.iter_mut().find(|(k, _)| *k == id)?;
        item.as_any_mut().downcast_mut()
    }

    /// The stored value of type `T`, stored first as `T::default()` when there is none.
    pub fn get_or_default<T: Product + Default>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let at = match self.items.iter().position(|(k, _)| *k == id) {
            Some(at) => at,
            None => {
                self.items.push((id, Box::new(T::default())));
                self.items.len() - 1
            }
        };
        self.items[at]
            .1
            .as_any_mut()
            .downcast_mut()
            .expect("the value stored under a type has that type")
    }

    /// Stores `value`, replacing the value of the same type.
    pub fn insert<T: Product>(&mut self, value: T) {
        let id = TypeId::of::<T>();
        self.items.retain(|(k, _)| *k != id);
        self.items.push((id, Box::new(value)));
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl Clone for Products {
    fn clone(&self) -> Self {
        Products {
            items: self
                .items
                .iter()
                .map(|(k, v)| (*k, v.clone_product()))
                .collect(),
        }
    }
}

impl PartialEq for Products {
    /// Equal when both hold values of the same types and the values are equal, in any order.
    fn eq(&self, other: &Self) -> bool {
        self.items.len() == other.items.len()
            && self.items.iter().all(|(k, v)| {
                other
                    .items
                    .iter()
                    .any(|(ok, ov)| ok == k && v.eq_product(ov.as_ref()))
            })
    }
}

impl fmt::Debug for Products {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.items.iter().map(|(_, v)| v))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_per_type_compared_by_value() {
        let mut a = Products::default();
        assert!(a.get::<Vec<u32>>().is_none());
        a.get_or_default::<Vec<u32>>().push(3);
        a.insert(String::from("x"));
        assert_eq!(a.get::<Vec<u32>>(), Some(&vec![3]));
        let mut b = a.clone();
        assert_eq!(a, b);
        b.get_mut::<Vec<u32>>().unwrap().push(4);
        assert_ne!(a, b);
        b.insert(vec![3u32]);
        assert_eq!(a, b);
        assert_eq!(format!("{b:?}"), r#"["x", [3]]"#);
    }
}
