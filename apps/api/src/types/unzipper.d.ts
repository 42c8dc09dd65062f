// The part of unzipper (exceljs's own zip reader) the .xlsx size check uses.
declare module 'unzipper' {
  import type { Duplex, PassThrough } from 'node:stream';
  export interface Entry extends PassThrough {
    path: string;
    type: 'File' | 'Directory';
    autodrain(): unknown;
  }
  export function Parse(opts?: { forceStream?: boolean }): Duplex;
  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
