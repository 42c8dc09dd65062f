export type NbkFailure = 'http500' | 'garbage' | 'missing';
export declare class FakeNbk {
  url: string;
  defaults: Record<string, string | [string, number]>;
  calls: string[];
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  setRates(day: string, rates: Record<string, string | [string, number]>): void;
  failNext(how?: NbkFailure): void;
  failAlways(how: NbkFailure | null): void;
}
