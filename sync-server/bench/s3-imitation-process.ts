// The imitation of the S3 calls s3rver lacks (ListParts and the rest: src/adapters/testing/
// s3-multipart-imitation.ts, in the fault proxy) in a process of its own, in front of the s3rver at
// argv[2], for s3-delivery.bench.ts: so the bucket, its imitation, our server and the bench's client
// share no event loop. Prints its endpoint on the first line of stdout; runs until killed.
import { startS3FaultProxy } from '../src/adapters/testing/s3-faults.ts';

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: s3-imitation-process.ts <s3rver endpoint>');
const proxy = await startS3FaultProxy(upstream);
process.stdout.write(`${proxy.endpoint}\n`);
