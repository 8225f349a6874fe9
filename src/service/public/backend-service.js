// The reading page's backend when `lexdis serve` serves it: the service's HTTP API on this origin
// (GET v1/model, POST v1/analyze). `lexdis site` writes the in-browser backend in its place
// (backend-browser.js). Both give app.js the same two calls.

/** What the page needs before the first text: the limits and the model's line. */
export async function connect() {
  let info = null;
  try {
    const res = await fetch('v1/model');
    if (res.ok) info = await res.json();
  } catch {
    // the page still works without the header line
  }
  return {
    model: info?.model ?? null,
    limits: info?.service?.limits ?? null,
    carries: null,
    analyze,
  };
}

/** The analysis of `text`, `top` analyses a word ({ top, sentences, vocalized }); throws an Error to show. */
async function analyze(text, top) {
  let res;
  try {
    res = await fetch('v1/analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, top }),
    });
  } catch (err) {
    throw new Error(`Could not reach the server (${err.message}).`);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  return body;
}
