// A vitest reporter for `npm test`: one line per finished test file, "<stage>: 120/358 files", with
// the failures so far, so that a long run shows how far it has got. The stage name comes from the
// TEST_PROGRESS_LABEL environment variable (a reporter named on the command line takes no options).
export default class ProgressReporter {
  constructor({
    label = process.env.TEST_PROGRESS_LABEL || 'tests',
    write = (text) => process.stdout.write(text),
  } = {}) {
    this.label = label;
    this.write = write;
    this.total = 0;
    this.finished = 0;
    this.failed = 0;
  }

  onTestRunStart(specifications) {
    this.total = specifications.length;
    this.finished = 0;
    this.failed = 0;
    this.write(`${this.label}: 0/${this.total} files\n`);
  }

  onTestModuleEnd(testModule) {
    this.finished += 1;
    if (testModule.state() === 'failed') this.failed += 1;
    const failures = this.failed ? `, ${this.failed} failed` : '';
    this.write(`${this.label}: ${this.finished}/${this.total} files${failures}\n`);
  }
}
