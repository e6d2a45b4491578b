crate::dpll::tests::engine_tests!(Avx2, "AVX2/BMI1/BMI2/POPCNT");
