// electron-vite's import suffixes for the main process (`?modulePath`: the built file of a worker entry).
/// <reference types="electron-vite/node" />
