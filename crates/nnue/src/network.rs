//! A network read from Stockfish's `.nnue` format: the header, the feature transformer (raw
//! as Stockfish 15.1 writes it, or LEB128-compressed as Stockfish 16 and later do) and eight
//! layer stacks.

use crate::bytes::Cursor;
use crate::error::NetworkError;
use crate::features::FEATURES;
use crate::layers::LayerStack;
use crate::simd::{Kernels, Lanes};
use std::sync::atomic::{AtomicU64, Ordering};

/// The version word of HalfKAv2_hm networks (Stockfish 15.1 to 17, Stockfish 18's small one).
const VERSION: u32 = 0x7af3_2f20;
/// The feature transformer's hash is this, XOR twice its width.
const HALFKAV2_HM_HASH: u32 = 0x7f23_4cb8;
/// Layer stacks, and material (PSQT) buckets: both chosen by piece count.
pub const BUCKETS: usize = 8;

/// Which of Stockfish's conventions a network follows, told apart by its feature transformer's
/// storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Generation {
    /// Raw 16-bit weights (Stockfish 15.1): the output is `(material + positional) / 16`.
    Stockfish15,
    /// LEB128-compressed weights (Stockfish 16 and later): the output is
    /// `material / 16 + positional / 16`, each part rounded on its own.
    Stockfish16,
}

/// A network loaded once and shared: `Network` is `Send + Sync`, and every evaluation reads it
/// without locking. Each thread keeps its own [`Accumulator`](crate::Accumulator)s.
pub struct Network {
    pub(crate) kernels: Kernels,
    /// The feature transformer's width per side (Stockfish's "L1").
    pub(crate) width: usize,
    pub(crate) bias: Box<[Lanes]>,
    /// `FEATURES` rows of `width / 32` blocks.
    pub(crate) weights: Box<[Lanes]>,
    pub(crate) psqt: Box<[[i32; BUCKETS]]>,
    pub(crate) stacks: Box<[LayerStack]>,
    /// The pairwise activation's clamp and shift (127 and 7, or 254 and 9 for doubled weights).
    pub(crate) clamp: i16,
    pub(crate) shift: u32,
    pub(crate) generation: Generation,
    /// Tells accumulators made for one network from another's.
    pub(crate) id: u64,
    description: String,
    hash: u32,
    file_len: usize,
}

impl core::fmt::Debug for Network {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Network")
            .field("width", &self.width)
            .field("generation", &self.generation)
            .field("hash", &format_args!("{:#010x}", self.hash))
            .field("kernels", &self.kernels)
            .field("description", &self.description)
            .finish()
    }
}

impl Network {
    /// Reads a network file.
    ///
    /// ```no_run
    /// let net = lerf_nnue::Network::from_file("nn-ad9b42354671.nnue")?;
    /// assert_eq!(net.width(), 1024);
    /// # Ok::<(), lerf_nnue::NetworkError>(())
    /// ```
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Network, NetworkError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path)
            .map_err(|e| NetworkError::Io(format!("{}: {e}", path.display())))?;
        Network::from_bytes(&bytes)
    }

    /// Reads a network from its bytes, which must hold the network and nothing after it
    /// ([`NetworkError::TrailingBytes`] says where it ended otherwise).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let mut cur = Cursor::new(bytes);
        let version = cur.u32("header")?;
        if version != VERSION {
            return Err(NetworkError::UnsupportedVersion { version });
        }
        let hash = cur.u32("header")?;
        let description_len = cur.u32("header")? as usize;
        let description =
            String::from_utf8_lossy(cur.take(description_len, "description")?).into_owned();

        let ft_offset = cur.offset();
        let ft_hash = cur.u32("feature transformer hash")?;
        let width = (ft_hash ^ HALFKAV2_HM_HASH) as usize / 2;
        if !(ft_hash ^ HALFKAV2_HM_HASH).is_multiple_of(2)
            || !(64..=4096).contains(&width)
            || !width.is_multiple_of(64)
        {
            return Err(NetworkError::UnsupportedFeatures { hash: ft_hash, offset: ft_offset });
        }
        let compressed = cur.at_leb128();
        let (generation, clamp, shift, scale) = if compressed {
            // Stockfish 16.1 and later double the transformer's weights as they load them and
            // halve again in the activation; doing the same keeps its 16-bit wrapping.
            (Generation::Stockfish16, 254, 9, 2i16)
        } else {
            (Generation::Stockfish15, 127, 7, 1i16)
        };
        let bias = cur.i16s(width, compressed, "feature transformer biases")?;
        let weights = cur.i16s(width * FEATURES, compressed, "feature transformer weights")?;
        let psqt = cur.i32s(BUCKETS * FEATURES, compressed, "feature transformer PSQT weights")?;

        let mut stacks = Vec::with_capacity(BUCKETS);
        let mut stack_hash = None;
        for _ in 0..BUCKETS {
            let offset = cur.offset();
            let found = cur.u32("layer stack hash")?;
            let expected = *stack_hash.get_or_insert(found);
            if found != expected {
                return Err(NetworkError::HashMismatch {
                    what: "layer stack",
                    expected,
                    found,
                    offset,
                });
            }
            stacks.push(LayerStack::read(&mut cur, width)?);
        }
        let stack_hash = stack_hash.unwrap_or(0);
        if hash != ft_hash ^ stack_hash {
            return Err(NetworkError::HashMismatch {
                what: "network",
                expected: ft_hash ^ stack_hash,
                found: hash,
                offset: 4,
            });
        }
        if cur.offset() != bytes.len() {
            return Err(NetworkError::TrailingBytes { end: cur.offset(), len: bytes.len() });
        }

        let to_lanes = |values: &[i16]| -> Box<[Lanes]> {
            values
                .chunks_exact(32)
                .map(|c| Lanes(core::array::from_fn(|k| c[k].wrapping_mul(scale))))
                .collect()
        };
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        Ok(Network {
            kernels: Kernels::detect(),
            width,
            bias: to_lanes(&bias),
            weights: to_lanes(&weights),
            psqt: psqt.chunks_exact(BUCKETS).map(|c| core::array::from_fn(|b| c[b])).collect(),
            stacks: stacks.into_boxed_slice(),
            clamp,
            shift,
            generation,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            description,
            hash,
            file_len: bytes.len(),
        })
    }

    /// Where networks this crate reads are embedded in `bytes` (a Stockfish binary, say):
    /// each range holds one network, checked by reading it whole.
    ///
    /// ```
    /// assert!(lerf_nnue::Network::find_in(b"no network here").is_empty());
    /// ```
    pub fn find_in(bytes: &[u8]) -> Vec<core::ops::Range<usize>> {
        let word = VERSION.to_le_bytes();
        let mut found = Vec::new();
        let mut start = 0;
        while let Some(at) = bytes[start..].windows(4).position(|w| w == word) {
            let at = start + at;
            match Network::from_bytes(&bytes[at..]) {
                Ok(_) => found.push(at..bytes.len()),
                Err(NetworkError::TrailingBytes { end, .. }) => found.push(at..at + end),
                Err(_) => {}
            }
            start = found.last().filter(|r| r.start == at).map_or(at + 1, |r| r.end);
        }
        found
    }

    /// The same network with other kernels: [`Kernels::Portable`] always works; asking for
    /// AVX2 on a CPU without it gives back the portable ones. The results are the same.
    pub fn with_kernels(mut self, kernels: Kernels) -> Network {
        self.kernels = if kernels == Kernels::Avx2 { Kernels::detect() } else { Kernels::Portable };
        self
    }

    /// The kernels evaluations run on.
    pub fn kernels(&self) -> Kernels {
        self.kernels
    }

    /// The feature transformer's width per side: 1024 for Stockfish 15.1's network, 128 for
    /// Stockfish 18's small one.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Which of Stockfish's conventions the network follows.
    pub fn generation(&self) -> Generation {
        self.generation
    }

    /// The description the trainer wrote into the file.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The architecture hash of the file's header.
    pub fn hash(&self) -> u32 {
        self.hash
    }

    /// The network's length in bytes, as read.
    pub fn file_len(&self) -> usize {
        self.file_len
    }

    /// The memory one [`Accumulator`](crate::Accumulator) takes: two sides of `width` 16-bit
    /// values and eight 32-bit material sums each.
    pub fn accumulator_bytes(&self) -> usize {
        2 * (self.width * 2 + BUCKETS * 4)
    }

    /// The feature transformer's biases, as the evaluation adds them (doubled for the
    /// compressed networks of Stockfish 16 and later, as the engine keeps them).
    pub fn biases(&self) -> impl Iterator<Item = i16> + '_ {
        self.bias.iter().flat_map(|l| l.0)
    }

    /// The feature transformer's column of `feature` (below [`FEATURES`]): what an active
    /// feature adds to its side's accumulator, scaled as [`biases`](Network::biases).
    ///
    /// # Panics
    /// If `feature` is not below [`FEATURES`].
    pub fn feature_weights(&self, feature: usize) -> impl Iterator<Item = i16> + '_ {
        assert!(feature < FEATURES, "feature {feature} is not below {FEATURES}");
        self.row(feature).iter().flat_map(|l| l.0)
    }

    /// The feature transformer's row of `feature`.
    #[inline]
    pub(crate) fn row(&self, feature: usize) -> &[Lanes] {
        let blocks = self.width / 32;
        &self.weights[feature * blocks..(feature + 1) * blocks]
    }
}
