// `tsc -p test` does not read single-file components (vue-tsc checks them in src-renderer);
// renderer tests see them as generic components.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<Record<string, unknown>, object, unknown>;
  export default component;
}
