// Copies the SVG icons next to the compiled node and credential files, where n8n looks for them.
const path = require('node:path');
const { task, src, dest } = require('gulp');

task('build:icons', () =>
	src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest(path.resolve('dist')),
	),
);
