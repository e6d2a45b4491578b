//! The `avx512` engine: the box-variable DPLL search (`crate::dpll`) over the same 256-bit
//! layout as `avx2`, compiled with AVX-512 F/BW/VL/BITALG instructions (`vector.rs`: three-input
//! logic in one instruction, rotations instead of shuffles, one-instruction lane counts).

mod vector;

use vector::V5;

features!($ with_avx512 = [
    "avx2",
    "bmi1",
    "bmi2",
    "popcnt",
    "avx512f",
    "avx512bw",
    "avx512vl",
    "avx512bitalg",
]);

crate::dpll::dpll_engine!(
    /// The AVX-512 engine: the AVX2 engine's algorithm with AVX-512F/BW/VL/BITALG instructions
    /// on the same 256-bit vectors (needs those, AVX2, BMI1, BMI2 and POPCNT: [`FEATURES`]).
    Avx512, V5, "avx512", with_avx512
);

#[cfg(test)]
mod tests;
