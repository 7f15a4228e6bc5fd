//! Algorithms the stages and outputs share, free of any stage: [`noise`], droplet [`erosion`],
//! [`hydrology`] (depression filling, flow and the priority queue), [`landscape`] evolution
//! (stream power, hillslopes and talus) and the [`landforms`] measures of how land drains,
//! [`chamfer`] and exact
//! ([`distance`]) distance transforms, [`seed`] derivation and random numbers, and the worker
//! [`threads`].

pub mod chamfer;
pub mod distance;
pub mod erosion;
pub mod hydrology;
pub mod landforms;
pub mod landscape;
pub mod noise;
pub mod seed;
pub mod threads;
