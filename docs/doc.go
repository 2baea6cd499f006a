// Package docs holds the user documentation; its test checks that the
// links between the documents resolve.
package docs
