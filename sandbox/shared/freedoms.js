'use strict';
// Freedoms: the forms of an answer that the specs allow besides the one the sandbox stores. The stored
// records stay canonical; serve() rewrites a copy of each answer as it is sent, following a description
// of which fields of which record may take which form (current/freedoms.js, legacy/freedoms.js), and
// records the choices it made on the answer's request log entry (`entry.freedoms`), so that a test can
// prove what was served. The choices are random but reproducible: each answer draws from a PRNG seeded
// with the sandbox's seed and the request itself (method, path, query, and how many identical requests
// came before it since the last reset), so concurrent requests do not change each other's forms.
//
// A description is a plain object: key -> kind, a list of kinds, a nested description (an object) or
// [description] (an array of such records). Kinds:
//   number       a whole or decimal number, served as a number or as its decimal string (only where the
//                two forms say the same: "0042" or "1e3" stay as they are)
//   emptyOrNull  an empty object served as {} or null (the same information)
//   zip          a ZIP code of digits without a leading zero, served as a string or as a number
//   nullable     may be null: a non-null value is sometimes served as null (recorded as `path:nulled`).
//                This changes the data, not only its form, so it applies only with the option `nulls: true`.
// The description 'count' (instead of an object) stands for a bare number answer, served as the number
// or as a count object {count: n}.

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence everywhere. */
function mulberry32(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a over the text: a 32-bit seed for one answer's PRNG. */
function hash32(text) {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** A seed as a non-negative 32-bit integer: numbers as given, anything else hashed. */
function normalizeSeed(seed) {
	if (seed === undefined || seed === null || seed === '' || seed === 'random') return Math.floor(Math.random() * 2 ** 31);
	const n = Number(seed);
	return Number.isInteger(n) && n >= 0 && n < 2 ** 32 ? n : hash32(String(seed));
}

const NUMERIC_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** The value as a number when number and string say the same, else undefined (not eligible). */
function asNumber(value) {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && NUMERIC_TEXT.test(value) && String(Number(value)) === value) return Number(value);
	return undefined;
}

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One answer being served: its PRNG, the choices per field path, and what was recorded. */
class Answer {
	constructor(random, nulls) {
		this.random = random;
		this.nulls = nulls;
		this.choices = new Map();
		this.served = [];
	}

	/** The form of every value at `path` in this answer, drawn once; recorded on first use. */
	choose(path, forms, weights) {
		if (this.choices.has(path)) return this.choices.get(path);
		let r = this.random() * weights.reduce((sum, w) => sum + w, 0);
		let form = forms[forms.length - 1];
		for (let i = 0; i < forms.length; i++) {
			r -= weights[i];
			if (r < 0) {
				form = forms[i];
				break;
			}
		}
		this.choices.set(path, form);
		this.served.push(`${path}:${form}`);
		return form;
	}

	number(value, path) {
		const n = asNumber(value);
		if (n === undefined) return value;
		// 'mixed': each value of this path on its own (a page where some records say 12 and some "12").
		let form = path.includes('[]')
			? this.choose(path, ['number', 'string', 'mixed'], [2, 2, 1])
			: this.choose(path, ['number', 'string'], [1, 1]);
		if (form === 'mixed') form = this.random() < 0.5 ? 'number' : 'string';
		return form === 'number' ? n : String(n);
	}

	emptyOrNull(value, path) {
		const empty = value === null || (isPlainObject(value) && Object.keys(value).length === 0);
		if (!empty) return value;
		return this.choose(path, ['object', 'null'], [1, 1]) === 'null' ? null : {};
	}

	zip(value, path) {
		const text = typeof value === 'number' ? String(value) : value;
		if (typeof text !== 'string' || !/^[1-9]\d*$/.test(text)) return value;
		return this.choose(path, ['string', 'number'], [1, 1]) === 'number' ? Number(text) : text;
	}

	nullable(value, path) {
		if (!this.nulls || value === null || value === undefined) return value;
		// Each value on its own, a quarter of them null; recorded once per path when one was.
		if (this.random() >= 0.25) return value;
		if (!this.choices.has(`${path}#nulled`)) {
			this.choices.set(`${path}#nulled`, true);
			this.served.push(`${path}:nulled`);
		}
		return null;
	}

	count(value) {
		const n = asNumber(value);
		if (n === undefined) return value;
		return this.choose('count', ['number', 'object'], [1, 1]) === 'object' ? { count: n } : n;
	}

	/** The value rewritten along `spec`; objects on the way are copied, the stored ones never change. */
	apply(value, spec, path) {
		if (typeof spec === 'string') return this.kind(value, spec, path);
		if (Array.isArray(spec) && typeof spec[0] === 'string') {
			return spec.reduce((v, kind) => this.kind(v, kind, path), value);
		}
		if (Array.isArray(spec)) {
			if (!Array.isArray(value)) return value;
			return value.map((element) => this.apply(element, spec[0], `${path}[]`));
		}
		if (!isPlainObject(value)) return value;
		let copy;
		for (const key of Object.keys(spec)) {
			if (!(key in value)) continue;
			const next = this.apply(value[key], spec[key], path ? `${path}.${key}` : key);
			if (next === value[key]) continue;
			copy ??= { ...value };
			copy[key] = next;
		}
		return copy ?? value;
	}

	kind(value, kind, path) {
		switch (kind) {
			case 'number':
				return this.number(value, path);
			case 'emptyOrNull':
				return this.emptyOrNull(value, path);
			case 'zip':
				return this.zip(value, path);
			case 'nullable':
				return this.nullable(value, path);
			default:
				throw new Error(`Unknown freedom kind ${kind} at ${path}`);
		}
	}
}

class Freedoms {
	/**
	 * @param {{seed?: number|string, nulls?: boolean}} options seed: the PRNG's seed (absent or 'random':
	 * one is drawn now, see `seed`); nulls: also serve documented-nullable fields as null at random.
	 */
	constructor(options = {}) {
		this.seed = normalizeSeed(options.seed);
		this.nulls = options.nulls === true;
		this.reset();
	}

	/** Back to the start: the same requests get the same forms again (the seed is kept). */
	reset() {
		this.occurrences = new Map();
	}

	/**
	 * The body to send for a logged request, with the freedoms of `description` applied; the choices
	 * go to entry.freedoms (an empty list when the description had nothing to choose in this answer).
	 */
	serve(entry, description, body) {
		const key = `${entry.method} ${entry.path}${entry.rawQuery || ''}`;
		const n = (this.occurrences.get(key) || 0) + 1;
		this.occurrences.set(key, n);
		const answer = new Answer(mulberry32(hash32(`${this.seed}|${key}|${n}`)), this.nulls);
		const served = description === 'count' ? answer.count(body) : answer.apply(body, description, '');
		entry.freedoms = answer.served;
		return served;
	}

	describe() {
		return { seed: this.seed, nulls: this.nulls };
	}
}

/**
 * The sandbox's freedoms option as a Freedoms instance or undefined (off): false/undefined is off; true,
 * a number or a string is a seed; {seed, nulls} as it is.
 */
function createFreedoms(option) {
	if (option === undefined || option === null || option === false || option === 'off') return undefined;
	if (option instanceof Freedoms) return option;
	if (typeof option === 'object') return new Freedoms(option);
	return new Freedoms({ seed: option === true ? undefined : option });
}

module.exports = { Freedoms, createFreedoms, mulberry32, hash32, asNumber };
