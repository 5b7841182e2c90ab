"""lerf on Dask, with a local cluster of two worker processes: shards made by
lerf.pgn.split read back as the single-process dataset, perft through the workers, and
failures that name their shard."""

import io
import json

import dask
import pandas as pd
import pyarrow as pa
import pytest
from distributed import Client
from distributed.deploy.subprocess import SubprocessCluster

from budget import count

import lerf
import lerf.dask
import lerf.pgn


@pytest.fixture(scope="module")
def client():
    """Two worker processes, each of which imports pandas and dask.dataframe on its first
    task (about 5 s of a core here): every Dask test of the suite is in this file, and the
    test command runs pytest-xdist with ``--dist loadfile``, so one test process makes one
    cluster. (xdist's ``loadgroup`` would group tests across files, but its marks do nothing
    under pytest 9.)"""
    # The scheduler in a process of its own, as on a real cluster: a LocalCluster's runs in
    # this process, beside the client, where dask's cache of expressions (a weak-valued
    # dictionary it tests and then reads) is shared by the two, and an expression the
    # client dropped between the test and the read failed a computation once in CI
    # ("Error during deserialization of the task graph", KeyError 'repartitiontofewer-...').
    # Any free port for the dashboard.
    with SubprocessCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            yield client


@pytest.fixture(scope="module")
def games_file(tmp_path_factory, sample_path, recovery_files):
    """The recovery corpus's damage, then the real games: shard boundaries must hold."""
    path = tmp_path_factory.mktemp("pgn") / "games.pgn"
    path.write_bytes(b"".join(p.read_bytes() + b"\n\n" for p in recovery_files) + sample_path.read_bytes())
    return path


def single_process(path):
    batches = list(lerf.pgn.positions(path))
    return pa.Table.from_batches(batches).to_pandas(types_mapper=pd.ArrowDtype)


@pytest.mark.parametrize("partition_rows", [None, 12_000, lerf.dask.PARTITION_ROWS])
def test_shards_give_the_single_process_dataset_row_for_row(client, games_file, tmp_path, partition_rows):
    manifest = lerf.pgn.split(games_file, tmp_path / "shards", games_per_shard=97)
    assert len(manifest["shards"]) >= 4
    assert [s["file"] for s in manifest["shards"]] == sorted(s["file"] for s in manifest["shards"])
    assert json.loads((tmp_path / "shards" / "manifest.json").read_text()) == manifest
    frame = lerf.dask.positions(tmp_path / "shards", partition_rows=partition_rows)
    # A partition a shard, shards grouped, or all in one (the default: under 30,000 rows).
    shards = len(manifest["shards"])
    if partition_rows is None:
        assert frame.npartitions == shards
    elif partition_rows < manifest["moves"]:
        assert 1 < frame.npartitions < shards
    else:
        assert frame.npartitions == 1
    assert list(frame.columns) == lerf.pgn.POSITION_COLUMNS
    got = client.compute(frame).result().reset_index(drop=True)
    want = single_process(games_file)
    assert len(want) == manifest["moves"] > 28538
    pd.testing.assert_frame_equal(got, want)


def test_a_shard_is_one_task_with_dasks_string_conversion_on(games_file, tmp_path):
    # The columns are pyarrow-backed already: Dask's conversion to string[pyarrow]
    # would be a second task a shard that changes nothing.
    manifest = lerf.pgn.split(games_file, tmp_path, games_per_shard=150)
    with dask.config.set({"dataframe.convert-string": True}):
        frame = lerf.dask.positions(tmp_path, partition_rows=None)
        graph = frame.__dask_graph__()
    assert len(graph) == len(manifest["shards"]) == frame.npartitions
    assert all(str(dtype).endswith("[pyarrow]") for dtype in frame.dtypes)


def test_the_documented_parquet_job_is_one_task_a_shard_once_optimised(games_file, tmp_path):
    # docs/scale.md computes `to_parquet(..., compute=False).optimize()`: Dask fuses the
    # read with the steps after it only there (unfused: four tasks a shard).
    manifest = lerf.pgn.split(games_file, tmp_path / "shards", games_per_shard=150)
    job = lerf.dask.positions(tmp_path / "shards", partition_rows=None).to_parquet(tmp_path / "out", compute=False)
    shards = len(manifest["shards"])
    assert len(job.__dask_graph__()) > 2 * shards
    assert len(job.optimize().__dask_graph__()) == shards + 1  # and the write's barrier


def test_small_shards_are_grouped_in_order_into_even_partitions():
    def parts(*rows):
        return [(f"s{i}", {"file": f"s{i}", "games": 1, "moves": n}) for i, n in enumerate(rows)]

    def names(groups):
        return [[name for name, _ in group] for group in groups]

    assert names(lerf.dask._partitions(parts(100, 100, 100), None)) == [["s0"], ["s1"], ["s2"]]
    assert names(lerf.dask._partitions(parts(*[100] * 16), 400)) == [[f"s{i}" for i in range(j, j + 4)] for j in range(0, 16, 4)]
    # A shard as large as a partition stands alone, and the runs beside it are grouped apart.
    assert names(lerf.dask._partitions(parts(100, 100, 500, 100, 100), 400)) == [["s0", "s1"], ["s2"], ["s3", "s4"]]
    assert names(lerf.dask._partitions(parts(100, 100, 100), 1)) == [["s0"], ["s1"], ["s2"]]
    # Uneven shards: the fewest partitions averaging at most 400 rows, none empty, in order.
    groups = names(lerf.dask._partitions(parts(50, 390, 10, 10, 300, 40, 200), 400))
    assert len(groups) == 3 and sum(groups, []) == [f"s{i}" for i in range(7)]
    assert lerf.dask._partitions([], 400) == []


def test_partition_rows_below_one_is_refused(games_file, tmp_path):
    lerf.pgn.split(games_file, tmp_path, games_per_shard=1000)
    with pytest.raises(ValueError, match="partition_rows"):
        lerf.dask.positions(tmp_path, partition_rows=0)


def test_shards_behind_a_url_read_through_fsspec(client, games_file, tmp_path):
    manifest = lerf.pgn.split(games_file, tmp_path, games_per_shard=150)
    url = tmp_path.as_uri()  # file:///...: fsspec's path, as s3:// would be
    directory, read = lerf.dask.read_manifest(url)
    assert directory.startswith("file://") and read == manifest
    frame = lerf.dask.positions(url + "/manifest.json")
    got = client.compute(frame).result().reset_index(drop=True)
    pd.testing.assert_frame_equal(got, single_process(games_file))
    (tmp_path / manifest["shards"][0]["file"]).write_bytes(b"replaced")
    with pytest.raises(lerf.dask.ShardError, match="shard-00000.pgn.zst: SHA-256"):
        client.compute(lerf.dask.positions(url)).result()


def test_split_games_and_moves_match_a_whole_read(games_file, tmp_path):
    manifest = lerf.pgn.split(io.BytesIO(games_file.read_bytes()), tmp_path, games_per_shard=1000)
    whole = list(lerf.pgn.read_games(games_file))
    assert manifest["games"] == len(whole)
    assert manifest["moves"] == sum(b.num_rows for b in lerf.pgn.positions(games_file))
    with pytest.raises(FileExistsError, match="overwrite"):
        lerf.pgn.split(games_file, tmp_path, games_per_shard=1000)
    again = lerf.pgn.split(games_file, tmp_path, games_per_shard=5000, overwrite=True)
    assert len(again["shards"]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json", "shard-00000.pgn.zst"]


def test_to_parquet_round_trips(client, games_file, tmp_path):
    lerf.pgn.split(games_file, tmp_path / "shards", games_per_shard=200)
    frame = lerf.dask.positions(tmp_path / "shards")
    client.compute(frame.to_parquet(tmp_path / "parquet", compute=False).optimize()).result()
    # pandas rebuilds the NAG lists' Arrow type only with the pyarrow backend.
    back = pd.read_parquet(tmp_path / "parquet", dtype_backend="pyarrow").reset_index(drop=True)
    assert len(back) == len(single_process(games_file))
    assert back["fen"].iloc[0] == lerf.STARTING_FEN


def test_a_corrupt_shard_is_refused_by_its_checksum(client, games_file, tmp_path):
    manifest = lerf.pgn.split(games_file, tmp_path, games_per_shard=150)
    victim = tmp_path / manifest["shards"][1]["file"]
    data = bytearray(victim.read_bytes())
    data[len(data) // 2] ^= 0x40
    victim.write_bytes(bytes(data))
    with pytest.raises(lerf.dask.ShardError, match="shard-00001.pgn.zst: SHA-256"):
        client.compute(lerf.dask.positions(tmp_path)).result()


def test_a_shard_that_fails_to_read_fails_the_computation_and_is_named(client, games_file, tmp_path):
    manifest = lerf.pgn.split(games_file, tmp_path, games_per_shard=150)
    victim = tmp_path / manifest["shards"][2]["file"]
    victim.write_bytes(victim.read_bytes()[:-100])  # truncated: the zstd frame is cut short
    with pytest.raises(lerf.dask.ShardError, match="shard-00002.pgn.zst: OSError.*truncated"):
        client.compute(lerf.dask.positions(tmp_path, verify=False)).result()
    victim.unlink()
    with pytest.raises(lerf.dask.ShardError, match="shard-00002.pgn.zst"):
        client.compute(lerf.dask.positions(tmp_path)).result()


def test_a_short_shard_is_caught_by_the_manifests_counts(client, games_file, tmp_path):
    manifest = lerf.pgn.split(games_file, tmp_path, games_per_shard=150)
    manifest["shards"][0]["moves"] += 1
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(lerf.dask.ShardError, match="shard-00000.pgn.zst: .* rows read, the manifest counts"):
        client.compute(lerf.dask.positions(tmp_path)).result()


def test_perft_through_the_workers(client):
    # Depth 6 (119,060,324 leaves) at full size, 5 in the quick run.
    depth = count("LERF_DASK_PERFT_DEPTH", quick=5, long=6)
    start = {5: 4_865_609, 6: 119_060_324}[depth]
    assert lerf.dask.perft(lerf.STARTING_FEN, depth, split_depth=2, client=client) == start
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    # Split at depth 2, kiwipete is 2,038 tasks: 6.9 s of the scheduler's work here, where
    # its 48 tasks at depth 1 take 0.2 s. The start position above already splits at 2.
    kiwipete_split = count("LERF_DASK_KIWIPETE_SPLIT", quick=1, long=2)
    assert lerf.dask.perft(kiwipete, 4, split_depth=kiwipete_split, client=client) == 4_085_603
    chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert lerf.dask.perft(chess960, 4, split_depth=1, client=client) == lerf.perft(chess960, 4) == 326_672


def test_hashed_perft_keeps_its_table_between_calls_and_stays_exact():
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    for _ in range(2):  # the second call finds the first's counts in the table
        assert lerf.perft(lerf.STARTING_FEN, 5, hash_mb=1) == 4_865_609
        assert lerf.perft(kiwipete, 4, threads=2, hash_mb=1) == 4_085_603
        assert lerf.divide(kiwipete, 3, hash_mb=2) == lerf.divide(kiwipete, 3)
    with pytest.raises(ValueError, match="hash_mb"):
        lerf.perft(lerf.STARTING_FEN, 1, hash_mb=1 << 40)


def test_perft_split_counts_every_path():
    parts = lerf.perft_split(lerf.STARTING_FEN, 4)
    assert sum(n for _, n in parts) == 197_281
    assert len(parts) < 197_281  # transpositions are one task
    assert lerf.dask.perft(lerf.STARTING_FEN, 5, split_depth=2) == 4_865_609
    assert lerf.dask.perft(lerf.STARTING_FEN, 2, split_depth=3) == 400
    with pytest.raises(ValueError, match="too many tasks"):
        lerf.perft_split(lerf.STARTING_FEN, 7)


def test_a_manifest_of_another_kind_is_refused(tmp_path):
    (tmp_path / "manifest.json").write_text('{"format": "something else"}')
    with pytest.raises(ValueError, match="not a lerf shard manifest"):
        lerf.dask.positions(tmp_path)


def test_a_network_reaches_the_workers_as_its_path(client, network, tmp_path, sample_path):
    """The task graph, the network in it, is pickled to reach the workers (other
    processes): the network goes as its path and is loaded there."""
    lerf.pgn.split(sample_path, tmp_path / "shards", games_per_shard=100)
    frame = client.compute(lerf.dask.positions(tmp_path / "shards", nnue=network, partition_rows=None)).result()
    assert frame["nnue"].tolist() == network.evaluate_many(frame["fen"].tolist()).tolist()
