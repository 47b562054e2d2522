package main

import (
	"math/rand/v2"
	"sync"
)

// post is one the writers made: its id (for writes), slug (for reads) and search word.
type post struct{ id, slug, word string }

// postPool is the posts that exist as far as the workload knows: writers add what they
// create and take out what they are about to delete; readers and editors pick from it.
type postPool struct {
	mu    sync.Mutex
	posts []post
}

func newPostPool() *postPool { return &postPool{} }

func (p *postPool) add(x post) {
	p.mu.Lock()
	p.posts = append(p.posts, x)
	p.mu.Unlock()
}

func (p *postPool) len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.posts)
}

// pick is a random post, false when there is none.
func (p *postPool) pick(rng *rand.Rand) (post, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.posts) == 0 {
		return post{}, false
	}
	return p.posts[rng.IntN(len(p.posts))], true
}

// take removes a random post and returns it, false when there is none.
func (p *postPool) take(rng *rand.Rand) (post, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.posts) == 0 {
		return post{}, false
	}
	i := rng.IntN(len(p.posts))
	x := p.posts[i]
	p.posts[i] = p.posts[len(p.posts)-1]
	p.posts = p.posts[:len(p.posts)-1]
	return x, true
}
