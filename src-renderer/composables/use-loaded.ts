import { ref, type Ref } from 'vue';

/**
 * A value read from main, and the error of the last read: `load` replaces the value, or keeps the
 * one shown and records why it could not be read (for ErrorNotice).
 */
export function useLoaded<T>(initial: T, read: () => Promise<T>) {
  const value = ref(initial) as Ref<T>;
  const error = ref<unknown>(null);

  async function load(): Promise<void> {
    try {
      value.value = await read();
      error.value = null;
    } catch (caught) {
      error.value = caught;
    }
  }

  return { value, error, load };
}
