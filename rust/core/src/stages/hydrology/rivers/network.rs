//! Rivers, network: the channel cells of the drainage gathered into streams. A stream runs from
//! a head down its largest branch at every confluence, so a trunk passes its confluences in one
//! piece and each tributary ends where it flows into a larger river, a lake, the sea or off the
//! map.

use super::{Rivers, NO_CELL};
use crate::algorithms::hydrology::NO_RECEIVER;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::hydrology::Drainage;

/// Where a stream ends, past its last cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outlet {
    /// It flows into this channel cell of a larger stream.
    Joins(u32),
    /// It flows into this lake or sea cell.
    Mouth(u32),
    /// It leaves the map at its last cell.
    Border,
}

/// A stream: its channel cells from the head downstream, and where it ends.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Stream {
    /// Channel cells, head first, each draining into the next.
    pub(super) cells: Vec<u32>,
    /// Past the last cell.
    pub(super) outlet: Outlet,
}

/// The channel cells: dry ground (not lake or sea) carrying a river the lattice resolves.
pub(super) fn channel_cells(grid: &Grid, drainage: &Drainage, rivers: &Rivers) -> Vec<bool> {
    (0..grid.len())
        .map(|i| grid.water[i] == WaterKind::Dry && rivers.resolved(drainage.accumulation[i]))
        .collect()
}

/// The receiver of channel cell `i` when it is a channel cell too.
fn channel_receiver(channel: &[bool], drainage: &Drainage, i: usize) -> Option<usize> {
    let r = drainage.receivers[i];
    (r != NO_RECEIVER && channel[r as usize]).then_some(r as usize)
}

/// For every channel cell, the channel cell upstream that continues its stream: the one of its
/// donors with the largest accumulation, the lowest index on a tie ([`NO_CELL`] at a head).
fn main_donors(channel: &[bool], drainage: &Drainage) -> Vec<u32> {
    let acc = &drainage.accumulation;
    let mut main = vec![NO_CELL; channel.len()];
    for i in (0..channel.len()).filter(|&i| channel[i]) {
        if let Some(r) = channel_receiver(channel, drainage, i) {
            let m = main[r];
            if m == NO_CELL || acc[i] > acc[m as usize] {
                main[r] = i as u32;
            }
        }
    }
    main
}

/// The streams of the channel cells, ordered by their last cell in the flood order: a stream
/// comes after the stream it flows into.
pub(super) fn streams(grid: &Grid, drainage: &Drainage, channel: &[bool]) -> Vec<Stream> {
    let main = main_donors(channel, drainage);
    let mut out = Vec::new();
    for &last in &drainage.flood.order {
        let last = last as usize;
        if !channel[last] {
            continue;
        }
        let outlet = match channel_receiver(channel, drainage, last) {
            Some(r) if main[r] as usize == last => continue,
            Some(r) => Outlet::Joins(r as u32),
            None => match drainage.receivers[last] {
                NO_RECEIVER => Outlet::Border,
                r if grid.water[r as usize] != WaterKind::Dry => Outlet::Mouth(r),
                _ => Outlet::Border,
            },
        };
        let mut cells = vec![last as u32];
        let mut c = last;
        while main[c] != NO_CELL {
            c = main[c] as usize;
            cells.push(c as u32);
        }
        cells.reverse();
        out.push(Stream { cells, outlet });
    }
    out
}
