//! This CPU's identity, read with `cpuid`: what a measurement made on it is filed under.

use std::arch::x86_64::{__cpuid, CpuidResult};

/// A CPU model: vendor, family, model and stepping (as `cpuid` leaf 1 gives them, extended
/// fields folded in), and the brand string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuModel {
    /// `GenuineIntel`, `AuthenticAMD`, ...
    pub vendor: String,
    /// The display family (base family plus extended family where the base is 15).
    pub family: u32,
    /// The display model (extended model folded in for families 6 and 15 and up).
    pub model: u32,
    /// The stepping.
    pub stepping: u32,
    /// The brand string (`AMD EPYC 7B13 64-Core Processor`), empty where the CPU has none.
    pub brand: String,
}

/// `cpuid` (a safe intrinsic: every x86-64 CPU has the instruction).
fn cpuid(leaf: u32) -> CpuidResult {
    __cpuid(leaf)
}

fn bytes(words: &[u32]) -> String {
    let b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    String::from_utf8_lossy(&b)
        .trim_matches(|c: char| c == '\0' || c.is_whitespace())
        .to_string()
}

/// This CPU's model.
pub fn cpu_model() -> CpuModel {
    let l0 = cpuid(0);
    let vendor = bytes(&[l0.ebx, l0.edx, l0.ecx]);
    let (mut family, mut model, mut stepping) = (0, 0, 0);
    if l0.eax >= 1 {
        let a = cpuid(1).eax;
        stepping = a & 0xF;
        let base_family = (a >> 8) & 0xF;
        family = base_family;
        model = (a >> 4) & 0xF;
        if base_family == 0xF {
            family += (a >> 20) & 0xFF;
        }
        if base_family == 0x6 || base_family == 0xF {
            model += ((a >> 16) & 0xF) << 4;
        }
    }
    let mut brand = String::new();
    if cpuid(0x8000_0000).eax >= 0x8000_0004 {
        let mut words = Vec::with_capacity(12);
        for leaf in 0x8000_0002..=0x8000_0004 {
            let r = cpuid(leaf);
            words.extend([r.eax, r.ebx, r.ecx, r.edx]);
        }
        brand = bytes(&words);
    }
    CpuModel {
        vendor,
        family,
        model,
        stepping,
        brand,
    }
}
