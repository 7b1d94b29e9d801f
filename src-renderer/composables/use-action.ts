import { shallowRef } from 'vue';

/**
 * One action at a time on a form or page: which one runs (for its button's busy state) and the
 * error of the last one (for ErrorNotice). `run` clears the previous error, and the busy state
 * ends however the action ends.
 */
export function useAction<Name extends string>() {
  const busy = shallowRef<Name | null>(null);
  const failure = shallowRef<unknown>(null);

  async function run(name: Name, action: () => Promise<void>): Promise<void> {
    failure.value = null;
    busy.value = name;
    try {
      await action();
    } catch (caught) {
      failure.value = caught;
    } finally {
      busy.value = null;
    }
  }

  return { busy, failure, run };
}
