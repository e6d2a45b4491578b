//! The `avx2` engine: the box-variable DPLL search (`crate::dpll`, its model and search
//! explained there) over AVX2 vectors (`vector.rs`: one box in one `__m256i`).

mod vector;

pub(crate) use vector::V2;

features!($ with_avx2 = ["avx2", "bmi1", "bmi2", "popcnt"]);

crate::dpll::dpll_engine!(
    /// The AVX2 engine (needs AVX2, BMI1, BMI2 and POPCNT: [`FEATURES`]).
    Avx2, V2, "avx2", with_avx2
);

#[cfg(test)]
mod tests;
