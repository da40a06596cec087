import { fork } from 'node:child_process';
import path from 'node:path';

export interface TreeRoundsOptions<F> {
  /** The bench script itself (`import.meta.filename`): it runs again as each tree's child. */
  script: string;
  /** `--child <tree>` when this process is such a child. */
  child: string | undefined;
  /** Comma-separated checkouts (each with its node_modules), e.g. before and after a change. */
  trees: string;
  rounds: number;
  /** Further arguments for each child, e.g. `['--events', '3000']`. */
  childArgs: string[];
  /** In the child: what to measure with `tree`'s own code. */
  measure(tree: string): Promise<F>;
  /** In the parent, after each round: the figures of every tree, in the order given. */
  report(round: number, figures: F[]): void;
}

/**
 * A before-and-after bench: each round measures every tree in a process of its own, one after
 * the other, so a machine shared with other work disturbs them alike and ratios within a round
 * can be trusted where absolute figures cannot.
 */
export async function treeRounds<F>(options: TreeRoundsOptions<F>): Promise<void> {
  if (options.child) {
    process.send?.(await options.measure(options.child));
    process.exit(0);
  }
  const trees = options.trees.split(',').map((tree) => path.resolve(tree));
  for (let round = 1; round <= options.rounds; round++) {
    const figures: F[] = [];
    for (const tree of trees) figures.push(await runChild<F>(options.script, tree, options.childArgs));
    options.report(round, figures);
  }
}

function runChild<F>(script: string, tree: string, args: string[]): Promise<F> {
  return new Promise((resolve, reject) => {
    const child = fork(script, ['--child', tree, ...args], { execArgv: ['--import', 'tsx'], cwd: tree });
    child.once('message', (figures: F) => resolve(figures));
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`${tree}: exited with ${code}`)),
    );
  });
}
