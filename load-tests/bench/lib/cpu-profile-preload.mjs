// Loaded with `NODE_OPTIONS=--import …` (Node 20 refuses `--cpu-prof` there): profiles the whole
// process with the inspector and writes a .cpuprofile into SAATHI_CPU_PROFILE_DIR when it exits.
// The in-thread inspector session answers synchronously, so the write fits in the exit handler.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.SAATHI_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      const name = `${process.env.SAATHI_PROCESS_NAME ?? path.basename(process.argv[1] ?? 'node')}-${process.pid}.cpuprofile`;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, name), JSON.stringify(result.profile));
    });
  });
}
