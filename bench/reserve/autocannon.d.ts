// autocannon ships no types and @types/autocannon is not installed: the little of its API the bench uses.
declare module 'autocannon' {
  interface Request { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  interface Histogram { average: number; p50: number; p99: number; total: number }
  interface Options {
    url: string; connections?: number; amount?: number; timeout?: number;
    requests?: { method?: string; setupRequest?: (req: Request) => Request; onResponse?: (status: number, body: string) => void }[];
  }
  interface Result { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number }
  interface Instance { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void }
  export default function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
}
