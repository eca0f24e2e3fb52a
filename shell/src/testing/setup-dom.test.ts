/** The jsdom environment of every web package (shared/src/test-utils/setup-dom.ts) has Node's fetch classes. */
describe('setup-dom', () => {
  it('has TextEncoder and TextDecoder', () => {
    expect(new TextDecoder().decode(new TextEncoder().encode('株'))).toBe('株');
  });

  it('builds requests with a jsdom AbortSignal, as React Router does', () => {
    const controller = new AbortController();
    const request = new Request('http://localhost/login/start', {
      method: 'post',
      signal: controller.signal,
      headers: { a: '1' },
    });
    expect(request.url).toBe('http://localhost/login/start');
    expect(request.method).toBe('POST');
    expect(request.headers.get('a')).toBe('1');
    expect(request.signal).toBe(controller.signal);
    controller.abort();
    expect(request.signal.aborted).toBe(true);
    expect(new Request(request).signal).toBe(controller.signal);
  });

  it('has real Response and Headers', async () => {
    const response = new Response(JSON.stringify({ ok: 1 }), {
      status: 201,
      headers: new Headers({ 'content-type': 'application/json' }),
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.clone().json()).resolves.toEqual({ ok: 1 });
  });
});
