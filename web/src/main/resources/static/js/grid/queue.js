// The suite grid's reads, a few at a time.

/** Requests run a few at a time, so scrolling through a large suite does not queue hundreds at once. */
export class Queue {
  constructor(parallel) {
    this.parallel = parallel;
    this.running = 0;
    this.waiting = [];
  }

  run(task) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ task, resolve, reject });
      this.next();
    });
  }

  next() {
    while (this.running < this.parallel && this.waiting.length > 0) {
      const { task, resolve, reject } = this.waiting.shift();
      this.running += 1;
      task().then(resolve, reject).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  clear() {
    this.waiting = [];
  }
}
