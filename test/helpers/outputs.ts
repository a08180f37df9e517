// The one form the current node outputs a record in (written out here, apart from the node's own code,
// so that a test fails if the node converts too little or too much): custom_fields as an object ({}
// where SlickText sent null, as the spec allows) and zip as text.
/* eslint-disable @typescript-eslint/no-explicit-any */
export function currentOutput(record: any): any {
	const out = JSON.parse(JSON.stringify(record));
	if ('custom_fields' in out && out.custom_fields === null) out.custom_fields = {};
	if (typeof out.zip === 'number') out.zip = String(out.zip);
	return out;
}
