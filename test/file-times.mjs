// A Vitest reporter that writes each test file's whole time (its import, hooks and tests) to the
// file named by TARIFF_DESK_FILE_TIMES, for the table of the slowest files `npm test` prints.
import { writeFileSync } from 'node:fs';

export default class FileTimes {
  files = [];
  onInit(vitest) {
    this.root = vitest.config.root;
  }
  onTestModuleEnd(module) {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push([module.moduleId.replace(`${this.root}/`, ''), Math.round(ms)]);
  }
  onTestRunEnd() {
    const target = process.env.TARIFF_DESK_FILE_TIMES;
    if (target) writeFileSync(target, JSON.stringify(this.files));
  }
}
