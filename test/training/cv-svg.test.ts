import assert from 'node:assert/strict';
import { test } from 'node:test';
import { curveSvg } from '../../training/cv-svg.js';

test('learning-curve SVG: two series, one marker per point, escaped title, axis range covers the data', () => {
  const pts = [{ percent: 10, A1: 70.5, A2: 80 }, { percent: 50, A1: 80, A2: 88.25 }, { percent: 100, A1: 84, A2: 91 }];
  const svg = curveSvg(pts, { title: 'A & B <curve>' });
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.equal((svg.match(/<polyline /g) ?? []).length, 2);
  assert.equal((svg.match(/<circle /g) ?? []).length, 6);
  assert.ok(svg.includes('A &amp; B &lt;curve&gt;'));
  assert.ok(svg.includes('>70.5<') && svg.includes('>91.0<'));
  const ys = [...svg.matchAll(/<circle cx="[\d.]+" cy="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.ok(ys.every((y) => y >= 48 && y <= 440 - 64), `${ys}`);
  const withCeiling = curveSvg(pts.map((p) => ({ ...p, ceiling: 95 })));
  assert.equal((withCeiling.match(/<polyline /g) ?? []).length, 3);
  assert.ok(withCeiling.includes('ceiling (gold among the candidates)'));
  // A single point draws markers but no line.
  assert.equal((curveSvg([pts[0]]).match(/<polyline /g) ?? []).length, 0);
});
