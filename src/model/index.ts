export * from './document.js';
export * from './page.js';
export * from './layout.js';
export * from './table.js';
