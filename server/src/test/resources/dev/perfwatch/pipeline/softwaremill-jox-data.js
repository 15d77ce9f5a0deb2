window.BENCHMARK_DATA = {
    "lastUpdate": 1716375989728,
    "repoUrl": "https://github.com/softwaremill/jox",
    "entries": {
        "Benchmark": [
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "46f1a97238cea53733e55d665c97045b9806e49d",
                    "message": "WIP",
                    "timestamp": "2023-12-05T21:39:23+01:00",
                    "tree_id": "cdb40ffd7f8c21f907ce2c6c17de95a92ee71dcb",
                    "url": "https://github.com/softwaremill/jox/commit/46f1a97238cea53733e55d665c97045b9806e49d"
                },
                "date": 1701809122137,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 171.051063156146,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 99.46590301293925,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "4d81568193658fe9e6825319cd8bc70a9c807e19",
                    "message": "Buffered channels (#7)",
                    "timestamp": "2023-12-12T13:51:46+01:00",
                    "tree_id": "04a9f0643181bcb5699c0bf071639c84655327e0",
                    "url": "https://github.com/softwaremill/jox/commit/4d81568193658fe9e6825319cd8bc70a9c807e19"
                },
                "date": 1702387160074,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 241.95951363302555,
                        "unit": "ns/op",
                        "extra": "iterations: 10\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 141.61596760482536,
                        "unit": "ns/op",
                        "extra": "iterations: 10\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 193.0254418299597,
                        "unit": "ns/op",
                        "extra": "iterations: 10\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 95.84132995008261,
                        "unit": "ns/op",
                        "extra": "iterations: 10\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "21a464a168e0bb63bdfff42a6433b7e0c90dc88c",
                    "message": "Speed up benchmarks",
                    "timestamp": "2023-12-12T16:31:36+01:00",
                    "tree_id": "c919b9c0170bb773a20974928d7d5197d34b38bb",
                    "url": "https://github.com/softwaremill/jox/commit/21a464a168e0bb63bdfff42a6433b7e0c90dc88c"
                },
                "date": 1702396226846,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 242.33029264051797,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 154.71987941923126,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 187.04570474424654,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 97.50455660042537,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "fcd795fb872ab75fffc7e022cdc42c0488c1c034",
                    "message": "Fix test naming",
                    "timestamp": "2023-12-12T17:51:28+01:00",
                    "tree_id": "5596e634f1030ec29026b8b80dfb48a3beafc2ce",
                    "url": "https://github.com/softwaremill/jox/commit/fcd795fb872ab75fffc7e022cdc42c0488c1c034"
                },
                "date": 1702401010762,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 218.62314537793637,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 137.2828064957984,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 194.1301427432577,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 90.47188968619234,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "d3d5b265c661081a562d5472b0a8cfacbc0bdf6b",
                    "message": "Add stress test, add missing expandBuffer call (#8)",
                    "timestamp": "2023-12-13T16:57:53+01:00",
                    "tree_id": "9c8b7bd53aec796b5a3fcec4681a042ddeedffeb",
                    "url": "https://github.com/softwaremill/jox/commit/d3d5b265c661081a562d5472b0a8cfacbc0bdf6b"
                },
                "date": 1702484222281,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 222.52599611710087,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 152.0510172852984,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 189.44188332132,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 96.7988260696449,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "89ef7e1b54ce122634d2bb40bdcd65a7f9e0c13f",
                    "message": "Add deploy profile",
                    "timestamp": "2023-12-18T17:21:22+01:00",
                    "tree_id": "c46f722206a3145cfc3c505bd58934cd0121241e",
                    "url": "https://github.com/softwaremill/jox/commit/89ef7e1b54ce122634d2bb40bdcd65a7f9e0c13f"
                },
                "date": 1702917722157,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 230.05143043783164,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 181.60706853639925,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 183.72219768571466,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 100.61646365552605,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "a92a1717dd5eb78efb061b641428c0779cf45548",
                    "message": "README",
                    "timestamp": "2023-12-18T19:28:29+01:00",
                    "tree_id": "4744fbbdaa3cf369b6cba2d1b21f09457a59e1b4",
                    "url": "https://github.com/softwaremill/jox/commit/a92a1717dd5eb78efb061b641428c0779cf45548"
                },
                "date": 1702925338083,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 223.64445438782178,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 185.91034854088582,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 194.07197075459206,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 97.63218227193512,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "e32d0f9c612a1c5ae0692e2da29178f5d3850871",
                    "message": "Fixes",
                    "timestamp": "2023-12-19T09:45:48+01:00",
                    "tree_id": "d0c5487ba3707033171d43d522a52bd33e214fe0",
                    "url": "https://github.com/softwaremill/jox/commit/e32d0f9c612a1c5ae0692e2da29178f5d3850871"
                },
                "date": 1702976779543,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 247.90211371363213,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 180.56537597031522,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 198.3914138332995,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 93.65679434041186,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "24dc664d5d4ba04c5a5340f36fde91e5451c4828",
                    "message": "Readme",
                    "timestamp": "2023-12-19T20:42:01+01:00",
                    "tree_id": "0d9a8b855ef0e6661660cfd166f853b68878d65c",
                    "url": "https://github.com/softwaremill/jox/commit/24dc664d5d4ba04c5a5340f36fde91e5451c4828"
                },
                "date": 1703016150311,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 222.64249648776416,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 192.37416379485663,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 199.8031650029824,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 94.58638186494366,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "7f56589cacde1640b5b2f179c86b1cd07000e559",
                    "message": "0.0.3 release",
                    "timestamp": "2023-12-21T14:49:00+01:00",
                    "tree_id": "da821b7c4df7c8f3fe878927fdc06669382d8dc9",
                    "url": "https://github.com/softwaremill/jox/commit/7f56589cacde1640b5b2f179c86b1cd07000e559"
                },
                "date": 1703168204496,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 236.68242437686988,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 183.6031301611998,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 193.05388135745702,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 95.58054373453697,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "109707a17a2131f7fef3d5b7eea55a63468b595c",
                    "message": "Release drafter",
                    "timestamp": "2024-01-04T14:18:34+01:00",
                    "tree_id": "c62e31a5f6e41e902f36373809aa4b2f883ca0a7",
                    "url": "https://github.com/softwaremill/jox/commit/109707a17a2131f7fef3d5b7eea55a63468b595c"
                },
                "date": 1704375923211,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 244.2836688428649,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 181.95528862713888,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 185.43803617440977,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.73481481558571,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "00712c2c4062b9dafb0d58b7d715da92a53b31bc",
                    "message": "Make select clauses immutable & reusable (#26)",
                    "timestamp": "2024-01-04T21:55:27+01:00",
                    "tree_id": "9ab027b530e85bdcb0df5676170825f4af9cb491",
                    "url": "https://github.com/softwaremill/jox/commit/00712c2c4062b9dafb0d58b7d715da92a53b31bc"
                },
                "date": 1704403364792,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 242.61619139312447,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 190.0602153941027,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 189.88205131887813,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 98.03697066861497,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "3b25e956e84642d6fd94f85489d409d1b0912e4a",
                    "message": "Implement default clauses (#27)",
                    "timestamp": "2024-01-05T15:33:34+01:00",
                    "tree_id": "6085bd570144a977f4953c172464b8e5c85c2c5e",
                    "url": "https://github.com/softwaremill/jox/commit/3b25e956e84642d6fd94f85489d409d1b0912e4a"
                },
                "date": 1704466866579,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 235.5060028556017,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 182.22871778754077,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 182.92128113128123,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 100.6979250080605,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "5d2095ace2dcf0e30401481ed349742d8592aebd",
                    "message": "Implement unlimited channels (#29)",
                    "timestamp": "2024-01-05T20:28:57+01:00",
                    "tree_id": "81018abaaacb82f4b6249ad8ba4cac617f6b5543",
                    "url": "https://github.com/softwaremill/jox/commit/5d2095ace2dcf0e30401481ed349742d8592aebd"
                },
                "date": 1704484573247,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 232.22593479184485,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 170.18990535750632,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 195.51120257523996,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 96.05789703023557,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "a5b80c255c0f4011b6d0aa4764febf3857ce5b5f",
                    "message": "Readme",
                    "timestamp": "2024-01-05T21:02:24+01:00",
                    "tree_id": "a0352174cde838d588ac19697876b292945fe2a5",
                    "url": "https://github.com/softwaremill/jox/commit/a5b80c255c0f4011b6d0aa4764febf3857ce5b5f"
                },
                "date": 1704486577689,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.array_blocking_queue ( {\"capacity\":\"10\"} )",
                        "value": 232.6163206477845,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 181.2060643060493,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 183.22288475567183,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 97.0305126256962,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 3\nthreads: 2"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "253fc85ea5229d3bb73ed496325862a2af474b66",
                    "message": "Release 0.0.5",
                    "timestamp": "2024-01-09T17:14:01+01:00",
                    "tree_id": "05302d8e6624163bd04e5ba48ac272808a3f85a8",
                    "url": "https://github.com/softwaremill/jox/commit/253fc85ea5229d3bb73ed496325862a2af474b66"
                },
                "date": 1704817875737,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 177.77488623333335,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 178.34785866666667,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 92.24895874696969,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "9c43ed00e2adb6eb0d059737b16ad333c45acd82",
                    "message": "Separate Sink, Source & CloseableChannel interfaces (#32)",
                    "timestamp": "2024-01-22T17:41:50+01:00",
                    "tree_id": "76030baf101dee3143835d38be31b58d330a2c7e",
                    "url": "https://github.com/softwaremill/jox/commit/9c43ed00e2adb6eb0d059737b16ad333c45acd82"
                },
                "date": 1705942705906,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 194.61196628000002,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 182.99176993333333,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 86.0563335653846,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "3160b8fee04d2853fc171455bc6112083748aa20",
                    "message": "Make Channel implement AutoCloseable (#33)",
                    "timestamp": "2024-01-22T18:25:09+01:00",
                    "tree_id": "6105753ce5b60cf950ca0cdcaf9a47035dcbf084",
                    "url": "https://github.com/softwaremill/jox/commit/3160b8fee04d2853fc171455bc6112083748aa20"
                },
                "date": 1705945288302,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 183.38447853333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 181.01223199999998,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 92.46171759393938,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "6d3180db26d3346ec24af2b2ac5aac28f56dc782",
                    "message": "Implement source views (#34)",
                    "timestamp": "2024-01-23T15:39:17+01:00",
                    "tree_id": "54b47d02468aec5ef1630d533a2c07b900edf549",
                    "url": "https://github.com/softwaremill/jox/commit/6d3180db26d3346ec24af2b2ac5aac28f56dc782"
                },
                "date": 1706021742856,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 191.33581948666665,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 172.7704043047619,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 86.03374808205129,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "3320290970758954e350ba192b26335f6083c332",
                    "message": "Select restarts when a channel for a receive clause is done (#35)",
                    "timestamp": "2024-01-23T21:08:39+01:00",
                    "tree_id": "0bac6539df0ff0a0332297bc761b668297125655",
                    "url": "https://github.com/softwaremill/jox/commit/3320290970758954e350ba192b26335f6083c332"
                },
                "date": 1706041507707,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 194.10417558666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 181.66239073333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 90.04621727121211,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "a21dd9e42dddfd60712696364faf6b36df0079c9",
                    "message": "Release 0.0.5",
                    "timestamp": "2024-01-23T21:29:42+01:00",
                    "tree_id": "414f3160dd429cd9e7be1d9da09e3132c9c58917",
                    "url": "https://github.com/softwaremill/jox/commit/a21dd9e42dddfd60712696364faf6b36df0079c9"
                },
                "date": 1706042850335,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 190.12611546,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 178.42009616666664,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 93.31143506818182,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "73a9f31e2dcb5d080130c54799e802106a9a23e6",
                    "message": "Update plugin",
                    "timestamp": "2024-01-24T13:51:27+01:00",
                    "tree_id": "47b4b1abd7854341b89d9506df07db6b2379ff51",
                    "url": "https://github.com/softwaremill/jox/commit/73a9f31e2dcb5d080130c54799e802106a9a23e6"
                },
                "date": 1706101694618,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 187.40368297333333,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 174.1086772,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.34254456818182,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "11a392d19a7bf6ed0a0eeed5aa565c0169b8b9a3",
                    "message": "Add blog",
                    "timestamp": "2024-01-24T20:35:42+01:00",
                    "tree_id": "fc92046b507a540094b5be2cd94d0ecf06de644a",
                    "url": "https://github.com/softwaremill/jox/commit/11a392d19a7bf6ed0a0eeed5aa565c0169b8b9a3"
                },
                "date": 1706125962242,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 186.48629139999997,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 174.0910108142857,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.07249913181818,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "77e06fa8490957dabc2455592bb1d8f0492a229c",
                    "message": "Java 17 compatibility (#37)",
                    "timestamp": "2024-01-25T11:02:12+01:00",
                    "tree_id": "70c5999328b3953a584c5b2b7f7a909911c426f2",
                    "url": "https://github.com/softwaremill/jox/commit/77e06fa8490957dabc2455592bb1d8f0492a229c"
                },
                "date": 1706177915578,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 196.30686855333335,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 177.8997984,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 93.04410191363635,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "1483c2d360a4d377eccff34f35b7b9475d996c63",
                    "message": "Release 0.0.7",
                    "timestamp": "2024-01-26T10:23:36+01:00",
                    "tree_id": "ff3cd3def514323643b687848d15ab7cf9631805",
                    "url": "https://github.com/softwaremill/jox/commit/1483c2d360a4d377eccff34f35b7b9475d996c63"
                },
                "date": 1706262039001,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 187.22562040666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 180.6697046333333,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 87.60620270151514,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "934b312eb0cb9c567df6bc5298dfbb1f2b393606",
                    "message": "Remove the skip-when-done in selects (#41)",
                    "timestamp": "2024-02-07T17:10:39+01:00",
                    "tree_id": "91b8d68e5a8b7bcb49b54164e0b272cb227ece74",
                    "url": "https://github.com/softwaremill/jox/commit/934b312eb0cb9c567df6bc5298dfbb1f2b393606"
                },
                "date": 1707323242575,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 178.2099539047619,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 187.55959506666667,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.78475633181819,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "782ddb93d2d098d8373fc36ec8f8cd7e5f490b57",
                    "message": "Implement isClosedForSend / isClosedForReceive (#42)",
                    "timestamp": "2024-02-09T14:05:57+01:00",
                    "tree_id": "99b124f7f088f2fb2805b007a77af742cba18aba",
                    "url": "https://github.com/softwaremill/jox/commit/782ddb93d2d098d8373fc36ec8f8cd7e5f490b57"
                },
                "date": 1707484936025,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 195.71788710666664,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 175.59082975714287,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.5586707409091,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "a5713703b708f699f56f32942021eff2400f51dd",
                    "message": "More benchmarks (#43)",
                    "timestamp": "2024-02-09T16:36:12+01:00",
                    "tree_id": "eed8e5cf440e77b78a0099f8b60f5aa804298eb9",
                    "url": "https://github.com/softwaremill/jox/commit/a5713703b708f699f56f32942021eff2400f51dd"
                },
                "date": 1707493725883,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 188.41280220000002,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 175.21702846666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.97492817727272,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "89b6e1f0ff5c1259afb71b5ee8e51db1af97abe2",
                    "message": "Remove buffered wrapper, store values directly (#46)",
                    "timestamp": "2024-02-12T15:41:02+01:00",
                    "tree_id": "c1db42065c9b54b7a4b99efbda4a5824a2d361f6",
                    "url": "https://github.com/softwaremill/jox/commit/89b6e1f0ff5c1259afb71b5ee8e51db1af97abe2"
                },
                "date": 1707749626166,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 179.2806239,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 179.50175646666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 87.84043298776223,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "c96e9b5c6ea500cf54712179fc23611e0970f419",
                    "message": "Cleanup send segments when closed, fix segment estimate in test (#47)",
                    "timestamp": "2024-02-12T17:10:10+01:00",
                    "tree_id": "accb9e452fad9bde3fd8f09c08cd747343a56ec4",
                    "url": "https://github.com/softwaremill/jox/commit/c96e9b5c6ea500cf54712179fc23611e0970f419"
                },
                "date": 1707754980501,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 177.09383121904762,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 182.20663406666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.71331124848484,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "260d06f895b047b0af531a692cdc4f70e7caa007",
                    "message": "Use volatiles & var handles instead of atomics (#45)",
                    "timestamp": "2024-02-13T09:42:13+01:00",
                    "tree_id": "2b19744a8f2a1490d6b4389b3ea839c5f1c0a0fc",
                    "url": "https://github.com/softwaremill/jox/commit/260d06f895b047b0af531a692cdc4f70e7caa007"
                },
                "date": 1707814500108,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 168.2123154583333,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 192.2978804,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 93.92945327121213,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "87effb2ce8fc9bf97d570c251bad4b8612750f6a",
                    "message": "Immediately remove interrupted-sends-only segments, count interrupted receives differently (#49)",
                    "timestamp": "2024-02-19T17:01:26+01:00",
                    "tree_id": "2d30bed85f2222aacf37bec7b9134665bc81d602",
                    "url": "https://github.com/softwaremill/jox/commit/87effb2ce8fc9bf97d570c251bad4b8612750f6a"
                },
                "date": 1708359258621,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.BufferedBenchmark.channel ( {\"capacity\":\"10\"} )",
                        "value": 199.41546134,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 200.11760694,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.9281761439394,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "2c85114d7c50366841772e15878ca4ff57ed045d",
                    "message": "Test with buffer size=16",
                    "timestamp": "2024-02-19T17:22:44+01:00",
                    "tree_id": "c6c7db4eaeacb406054c9a735fe92decc2b96b05",
                    "url": "https://github.com/softwaremill/jox/commit/2c85114d7c50366841772e15878ca4ff57ed045d"
                },
                "date": 1708360595599,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 203.30853901999998,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.79831745454547,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "10f28eaebeddcc7c31e20b45925aa0053e5909a7",
                    "message": "Release 0.2.1",
                    "timestamp": "2024-02-19T18:01:50+01:00",
                    "tree_id": "a8bf8adf9fd506b68fb9c8bf00bc3deda761dc58",
                    "url": "https://github.com/softwaremill/jox/commit/10f28eaebeddcc7c31e20b45925aa0053e5909a7"
                },
                "date": 1708362979518,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 203.18772221333333,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.98643052948718,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "0560d426e874d9bd510bdaa87b79b636cf4a3f78",
                    "message": "Test results",
                    "timestamp": "2024-02-19T21:20:56+01:00",
                    "tree_id": "8cf88adf1ee642af5dce971dd2c82fba08db88d9",
                    "url": "https://github.com/softwaremill/jox/commit/0560d426e874d9bd510bdaa87b79b636cf4a3f78"
                },
                "date": 1708374886441,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 202.13205620666665,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.56988288333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "53a3496870cb7d0442186f1dc2f26079271fd8cd",
                    "message": "Test results",
                    "timestamp": "2024-02-19T22:40:36+01:00",
                    "tree_id": "80f65bc8a5b863d242bc18a1953a1d987aff0f40",
                    "url": "https://github.com/softwaremill/jox/commit/53a3496870cb7d0442186f1dc2f26079271fd8cd"
                },
                "date": 1708379655413,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 203.24313538,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.2276640348485,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "d2e8d8211dcc048c5b5260b4d7070afb300c5504",
                    "message": "Go benchmark",
                    "timestamp": "2024-02-20T15:30:36+01:00",
                    "tree_id": "39ecc870a59bc3966d95ec3c59fc3d861d5c1f28",
                    "url": "https://github.com/softwaremill/jox/commit/d2e8d8211dcc048c5b5260b4d7070afb300c5504"
                },
                "date": 1708440241450,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 200.14286943333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.49272795163171,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "b355f53cfcabc47ce151cea9896d67cc76284bd8",
                    "message": "Docs",
                    "timestamp": "2024-02-21T08:51:51+01:00",
                    "tree_id": "4818be4b3608aa867a9af56d1ea07f63e735fbd6",
                    "url": "https://github.com/softwaremill/jox/commit/b355f53cfcabc47ce151cea9896d67cc76284bd8"
                },
                "date": 1708502721368,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 191.14071888,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.45286423030304,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "9d73fa47bbe0e89fa92cd469e042f1279c706699",
                    "message": "Release 0.2.1",
                    "timestamp": "2024-02-27T13:44:53+01:00",
                    "tree_id": "b534eb098c6b33efbe49e6256b298301f006bee1",
                    "url": "https://github.com/softwaremill/jox/commit/9d73fa47bbe0e89fa92cd469e042f1279c706699"
                },
                "date": 1709038725358,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 214.31725576,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.69887578333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "f89bf77f6530fdc07de8d8321c896c28cd94b1df",
                    "message": "Update benchmark results",
                    "timestamp": "2024-02-27T15:04:25+01:00",
                    "tree_id": "ff73649f510776497f0188b8281674fbefe15365",
                    "url": "https://github.com/softwaremill/jox/commit/f89bf77f6530fdc07de8d8321c896c28cd94b1df"
                },
                "date": 1709043481113,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 202.88551884666668,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 92.88651092424242,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "48023f33de1953f7e5e3e8ea7deda76da8d76e27",
                    "message": "Docs",
                    "timestamp": "2024-02-27T15:27:21+01:00",
                    "tree_id": "adc23c048c9ac01613b12287d3cb8a521dcbcede",
                    "url": "https://github.com/softwaremill/jox/commit/48023f33de1953f7e5e3e8ea7deda76da8d76e27"
                },
                "date": 1709044844764,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 202.23798641333332,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 92.23935002121212,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "3e3342245572266b57ea887eb10f1554430d3428",
                    "message": "Update README.md",
                    "timestamp": "2024-03-10T12:47:18+01:00",
                    "tree_id": "97432819ba36d019ba99472fc62162f9c584b4bf",
                    "url": "https://github.com/softwaremill/jox/commit/3e3342245572266b57ea887eb10f1554430d3428"
                },
                "date": 1710072022568,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 214.60982048666665,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 89.59564022132868,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "Adam Warski",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "noreply@github.com",
                        "name": "GitHub",
                        "username": "web-flow"
                    },
                    "distinct": true,
                    "id": "f4bd18b5c40e1e1e2b8d6a698af905761421642b",
                    "message": "Update README.md",
                    "timestamp": "2024-03-18T15:21:44+01:00",
                    "tree_id": "d65b21dafa4314e50de556b55df6c79f96502382",
                    "url": "https://github.com/softwaremill/jox/commit/f4bd18b5c40e1e1e2b8d6a698af905761421642b"
                },
                "date": 1710772505618,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 206.86213096,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 91.95929098636364,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "29c6f79e83baf32307e1679250ef834c66c739a7",
                    "message": "Release 0.2.1",
                    "timestamp": "2024-04-17T09:39:13+02:00",
                    "tree_id": "d3944f7eac70c388f6bc6d36b86b68313beccb7f",
                    "url": "https://github.com/softwaremill/jox/commit/29c6f79e83baf32307e1679250ef834c66c739a7"
                },
                "date": 1713340552913,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 195.59008222,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.7673294548951,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            },
            {
                "commit": {
                    "author": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "committer": {
                        "email": "adam@warski.org",
                        "name": "adamw",
                        "username": "adamw"
                    },
                    "distinct": true,
                    "id": "e59cec4b81cd78e51cfe28ed9e01560178060887",
                    "message": "Readme",
                    "timestamp": "2024-05-22T12:52:59+02:00",
                    "tree_id": "e1a85340757f17ce1cd969cda8fa974ab67d89da",
                    "url": "https://github.com/softwaremill/jox/commit/e59cec4b81cd78e51cfe28ed9e01560178060887"
                },
                "date": 1716375989707,
                "tool": "jmh",
                "benches": [
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.channel",
                        "value": 211.52433956,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    },
                    {
                        "name": "com.softwaremill.jox.RendezvousBenchmark.exchanger",
                        "value": 88.29594968776225,
                        "unit": "ns/op",
                        "extra": "iterations: 5\nforks: 1\nthreads: 1"
                    }
                ]
            }
        ]
    }
}
